import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { EXAMPLES, PANEL_PAGES } from './examples';

// "Nothing wider than its container": the page never scrolls sideways. Big pictures wrap, scale
// or scroll inside their own box.
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= innerWidth) return null;
    const wide = Array.from(document.querySelectorAll('main *'))
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
    return `scrollWidth ${root.scrollWidth} > ${innerWidth}: ${wide.join(', ')}`;
  });
}

async function settled(page: Page, query: string) {
  await page.goto(query);
  await expect(page.locator('main section, main .home').first()).toBeVisible();
  // The picture and worked steps are drawn just after the first paint.
  await page.waitForFunction(() => !document.querySelector('.picture') || document.querySelector('.picture *'));
}

for (const width of [320, 390, 1280]) {
  test(`no panel is wider than a ${width}-px screen, at its defaults or its extremes`, async ({ app, page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 844 });
    const wide: string[] = [];
    for (const q of PANEL_PAGES) {
      await settled(page, q);
      const o = await overflow(page);
      if (o) wide.push(`${q}: ${o}`);
    }
    expect(wide).toEqual([]);
  });
}

for (const width of [320, 390]) {
  test(`no worked example is wider than a ${width}-px phone, before and after the reveal`, async ({ app, page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 844 });
    const wide: string[] = [];
    for (const key of EXAMPLES) {
      await settled(page, `?example=${key}`);
      let o = await overflow(page);
      if (o) wide.push(`${key}: ${o}`);
      await page.locator('[data-action="reveal"]').click();
      await expect(page.locator('.picture')).toBeVisible();
      o = await overflow(page);
      if (o) wide.push(`${key} revealed: ${o}`);
    }
    expect(wide).toEqual([]);
  });
}

test('in embed frames of 320 to 800 px, no panel is wider than its frame', async ({ app, page }) => {
  test.setTimeout(90_000);
  const widths = [320, 480, 640, 800];
  const queries = ['panel=warps', 'panel=warps&block=1024', 'panel=divergence&cond=idx%25%202%20%3D%3D%200',
    'panel=latency', 'panel=coalescing&matrix=4096&walk=column', 'panel=quiz&seed=3', 'panel=gpu', 'panel=kernel',
    'example=warp-scheduling/I&forecast=0', 'example=divergence/C5&forecast=0'];
  const wide: string[] = [];
  for (const q of queries) {
    await page.goto('/reference/blank.html');
    await page.evaluate(({ q, widths }) => {
      for (const w of widths) {
        const f = document.createElement('iframe');
        f.src = `../?${q}&embed=1`;
        f.width = String(w);
        f.height = '1500';
        f.title = `frame ${w}`;
        document.body.append(f);
      }
    }, { q, widths });
    for (let i = 0; i < widths.length; i++) {
      const frame = page.frames()[i + 1];
      await frame.waitForSelector('main section');
      await frame.waitForFunction(() => !document.querySelector('.picture') || document.querySelector('.picture *'));
      const sizes = await frame.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      if (sizes[0] > sizes[1]) wide.push(`${q} in ${widths[i]} px: ${sizes[0]} > ${sizes[1]}`);
    }
  }
  expect(wide).toEqual([]);
});

// "Picture first on a phone": the key figure and the picture start on the first screen of a
// 390 × 844 phone, for every panel's deep link and every worked example (Forecast off).
const FIRST_SCREEN = 844;
test('on a 390 × 844 phone the key figure and the picture are on the first screen', async ({ app, page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: FIRST_SCREEN });
  const links = ['?panel=warps', '?panel=divergence', '?panel=latency', '?panel=coalescing', '?panel=kernel',
    ...EXAMPLES.map((k) => `?example=${k}&forecast=0`)];
  const low: string[] = [];
  for (const q of links) {
    await settled(page, q);
    const at = await page.evaluate(() => {
      const key = document.querySelector('.figure.key')?.getBoundingClientRect();
      const pic = document.querySelector('.picture')?.getBoundingClientRect();
      return { key: key ? key.bottom + scrollY : Infinity, pic: pic ? pic.top + scrollY : Infinity };
    });
    if (at.key > FIRST_SCREEN) low.push(`${q}: key figure ends at ${Math.round(at.key)} px`);
    if (at.pic >= FIRST_SCREEN) low.push(`${q}: picture starts at ${Math.round(at.pic)} px`);
  }
  expect(low).toEqual([]);
});

test('with Forecast on, a phone shows the guess on the first screen', async ({ app, page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: FIRST_SCREEN });
  const low: string[] = [];
  for (const key of EXAMPLES) {
    await settled(page, `?example=${key}`);
    const bottom = await page.locator('[data-action="reveal"]').evaluate((b) => b.getBoundingClientRect().bottom + scrollY);
    if (bottom > FIRST_SCREEN) low.push(`${key}: the reveal button ends at ${Math.round(bottom)} px`);
  }
  expect(low).toEqual([]);
});

test('optional inputs fold under "More inputs", open when one of them is set', async ({ app, page }) => {
  await app.open('?panel=warps');
  const more = page.locator('details.more-inputs');
  await expect(more).not.toHaveAttribute('open', '');
  await expect(app.field('thread')).toBeHidden();
  await expect(app.field('block-x')).toBeVisible();
  await page.locator('[data-action="more-inputs"]').click();
  await app.field('thread').fill('70');
  await expect(page.locator('[data-action="more-inputs"]')).toContainText('1 set');
  // A link that sets one opens the fold; so does an error in a folded field.
  await app.open('?panel=warps&n=1000');
  await expect(more).toHaveAttribute('open', '');
  await app.open('?panel=latency&resident=999');
  await expect(page.locator('details.more-inputs')).toHaveAttribute('open', '');
  await expect(app.field('resident')).toBeVisible();
  await expect(app.error('resident')).toContainText('1');
});
