import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { EXAMPLES, PANEL_PAGES, top } from './examples';
import { PANEL_NAMES } from './registry';

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
  // The live app, not the prerendered markup it takes over (which is visible first, beside the
  // loading frame's own header: reading the page then found two headers, a flake of this spec).
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await expect(page.locator('#boot')).toHaveCount(0);
  await expect(page.locator('main section, main .home').first()).toBeVisible();
  // The picture and worked steps are drawn just after the first paint.
  await page.waitForFunction(() => !document.querySelector('.picture') || document.querySelector('.picture *'));
}

// The app lays itself out with CSS alone (no view reads the window's width), so each page is
// opened once and measured at every width: a page load costs more than a relayout.
const SCREENS = [320, 390, 1280];
test(`no panel is wider than a ${SCREENS.join(', ')}-px screen, at its defaults or its extremes`, async ({ app, page }) => {
  test.setTimeout(120_000);
  const wide: string[] = [];
  for (const q of PANEL_PAGES) {
    await page.setViewportSize({ width: SCREENS[0], height: 844 });
    await settled(page, q);
    for (const width of SCREENS) {
      await page.setViewportSize({ width, height: 844 });
      const o = await overflow(page);
      if (o) wide.push(`${q} at ${width} px: ${o}`);
    }
  }
  expect(wide).toEqual([]);
});

// Forecast on, as a worked example opens: at 320 and 390 px nothing is wider than the phone,
// before and after the reveal, and on a 390 × 844 phone the guess (its reveal button) is on
// the first screen.
const FIRST_SCREEN = 844;
test('no worked example is wider than a 320- or 390-px phone, before and after the reveal, and the guess is on the first screen', async ({ app, page }) => {
  test.setTimeout(120_000);
  const wide: string[] = [];
  const low: string[] = [];
  const phones = [390, 320];
  const measure = async (key: string, when: string) => {
    for (const width of phones) {
      await page.setViewportSize({ width, height: FIRST_SCREEN });
      const o = await overflow(page);
      if (o) wide.push(`${key}${when} at ${width} px: ${o}`);
    }
  };
  for (const key of EXAMPLES) {
    await page.setViewportSize({ width: 390, height: FIRST_SCREEN });
    await settled(page, `?example=${key}`);
    const bottom = await page.locator('[data-action="reveal"]').evaluate((b) => b.getBoundingClientRect().bottom + scrollY);
    if (bottom > FIRST_SCREEN) low.push(`${key}: the reveal button ends at ${Math.round(bottom)} px`);
    await measure(key, '');
    await page.locator('[data-action="reveal"]').click();
    // A preset's follow-up question asks in the same field before the rest shows (issue 66).
    if (await page.locator('[data-forecast-then]').count()) await page.locator('[data-action="reveal"]').click();
    await expect(page.locator('.picture')).toBeVisible();
    await measure(key, ' revealed');
  }
  expect(wide).toEqual([]);
  expect(low).toEqual([]);
});

test('in embed frames of 320 to 800 px, no panel is wider than its frame', async ({ app, page }) => {
  test.setTimeout(90_000);
  const widths = [320, 480, 640, 800];
  // Every panel of the registry at its defaults, two of them at an extreme, two worked examples.
  const queries = [...PANEL_NAMES.map((name) => `panel=${name}`),
    `panel=warps&block=${top('warps', 'block-x')}`, `panel=coalescing&matrix=${top('coalescing', 'matrix')}&walk=column`,
    'panel=divergence&cond=idx%25%202%20%3D%3D%200', 'panel=quiz&seed=3',
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

// Issue 27, "a kernel lab you can write in": at 1280 × 800 the editor is at least 560 px wide,
// Run within 120 px of it, a run's error inside the window, and a long line wraps inside the
// editor (issue 45), never widening the page.
test('at 1280 × 800 the kernel editor is wide, Run beside it, and a run error in view', async ({ app, page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await settled(page, '?panel=kernel');
  const editor = page.locator('textarea[name="src"]');
  const run = page.locator('[data-action="run-kernel"]');
  const e = (await editor.boundingBox())!;
  const r = (await run.boundingBox())!;
  expect(e.width).toBeGreaterThanOrEqual(560);
  // The gap between the editor's box and Run's, whichever side Run is on.
  const dx = Math.max(0, r.x - (e.x + e.width), e.x - (r.x + r.width));
  const dy = Math.max(0, r.y - (e.y + e.height), e.y - (r.y + r.height));
  expect(Math.hypot(dx, dy)).toBeLessThanOrEqual(120);
  // A long kernel with its error on the last line: after Run, the error is on screen.
  const long = Array.from({ length: 40 }, (_, i) => `    int v${i} = ${i};`).join('\n');
  await editor.fill(`__global__ void k(int* out) {\n${long}\n    out[threadIdx.x] = ;\n}`);
  await run.click();
  const err = page.locator('.editor [data-error]').first();
  await expect(err).toBeVisible();
  await expect(err).toBeInViewport();
  // A 400-character line wraps inside the editor, whole; the page stays 1280 wide.
  await editor.fill(`__global__ void k(int* out) { out[threadIdx.x] = 1${' + 1'.repeat(100)}; }`);
  expect(await overflow(page)).toBeNull();
  expect(await editor.evaluate((t) => t.scrollWidth <= t.clientWidth && t.scrollHeight <= t.clientHeight)).toBe(true);
  expect(await page.locator('.editor .lines > div').first().evaluate((r) => r.getBoundingClientRect().height
    / parseFloat(getComputedStyle(r).lineHeight))).toBeGreaterThan(3);
});

// On a 390 × 844 phone, every panel's deep links and every worked example (Forecast off), each
// opened once:
// - "Picture first on a phone": the key figure and the picture start on the first screen (the
//   panels' defaults and the examples);
// - issue 27: a control within a screen (844 px) of every panel's picture (the banks tile's
//   first control was 1,274 px below the picture's top; since issue 66 a picture is the page's
//   own length, "To the inputs" stuck to the screen's foot), and the tab order is the reading order: focusable
//   things in document order never go back up the page.
const PICTURE_FIRST = ['?panel=warps', '?panel=divergence', '?panel=latency', '?panel=coalescing', '?panel=kernel',
  ...EXAMPLES.map((k) => `?example=${k}&forecast=0`)];
test('on a 390 × 844 phone the key figure and the picture are on the first screen, a control within a screen of every picture, tabs in reading order', async ({ app, page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: FIRST_SCREEN });
  const bad: string[] = [];
  const links = [...PANEL_PAGES.filter((p) => p.includes('panel=') && !p.includes('panel=quiz') && !p.includes('panel=gpu')),
    ...EXAMPLES.map((k) => `?example=${k}&forecast=0`)];
  // Every page the first-screen promise is about is among them.
  expect(PICTURE_FIRST.filter((q) => !links.includes(q))).toEqual([]);
  for (const q of links) {
    await settled(page, q);
    if (PICTURE_FIRST.includes(q)) {
      const at = await page.evaluate(() => {
        const key = document.querySelector('.figure.key')?.getBoundingClientRect();
        const pic = document.querySelector('.picture')?.getBoundingClientRect();
        return { key: key ? key.bottom + scrollY : Infinity, pic: pic ? pic.top + scrollY : Infinity };
      });
      if (at.key > FIRST_SCREEN) bad.push(`${q}: key figure ends at ${Math.round(at.key)} px`);
      // The kernel lab's picture (the step-through) comes after its editor, Run and figures;
      // with the editor's text at 16 px (iOS zooms into a smaller field) and its lines wrapped
      // whole (issue 45), it starts on the second screen.
      const screens = q === '?panel=kernel' ? 2 : 1;
      if (at.pic >= screens * FIRST_SCREEN) bad.push(`${q}: picture starts at ${Math.round(at.pic)} px`);
    }
    const found = await page.evaluate(() => {
      const pic = document.querySelector('.picture')?.getBoundingClientRect();
      // Inside a closed <details> only its summary can take the focus (the rest is not
      // rendered, though Chromium still gives it a box).
      const visible = (c: Element) => (c as HTMLElement).offsetParent !== null
        && !(c.closest('details:not([open])') && !(c.tagName === 'SUMMARY' && c.parentElement === c.closest('details:not([open])')));
      // A picture's own controls count (the tensor cores' lane buttons and cell grid, issue 45:
      // that picture no longer scrolls in a box of its own).
      // "To the inputs" counts (issue 66: a picture is the page's own length on a phone, and
      // that button, stuck to the screen's foot, takes the learner to the form under it).
      const controls = Array.from(document.querySelectorAll('main .controls input, main .controls select, main .controls textarea, main .kernel-editor textarea, main .kernel-editor button, main .picture button, main .picture [tabindex="0"], main .to-inputs'))
        .filter(visible);
      const near = !pic || controls.some((c) => Math.abs(c.getBoundingClientRect().top - pic.top) <= 844);
      // The whole document, the site's header included: its links come before the panel's.
      // "To the inputs" is in the document where it reads (after the picture, before the
      // inputs), but drawn stuck to the screen's foot: its place on screen is not its order.
      const focusable = Array.from(document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex="0"]'))
        .filter(visible).filter((c) => !c.closest('.to-inputs'));
      // Inside a picture that scrolls in its own box, a thing is read where the box is.
      const top = (el: Element) => {
        const r = el.getBoundingClientRect();
        const box = el.closest('.picture')?.getBoundingClientRect();
        return { top: box ? Math.min(Math.max(r.top, box.top), box.bottom) : r.top };
      };
      let back: string | null = null;
      for (let i = 1; i < focusable.length && !back; i++) {
        const a = top(focusable[i - 1]);
        const b = top(focusable[i]);
        // Items of one row may share a top; anything that starts above the previous one's top
        // by more than a line is out of reading order.
        if (b.top < a.top - 24) back = `${focusable[i].outerHTML.slice(0, 60)} (top ${Math.round(b.top + scrollY)}) after ${focusable[i - 1].outerHTML.slice(0, 60)} (top ${Math.round(a.top + scrollY)})`;
      }
      return { near, back, nearest: pic ? Math.min(...controls.map((c) => Math.abs(c.getBoundingClientRect().top - pic.top))) : 0 };
    });
    if (!found.near) bad.push(`${q}: the nearest control is ${Math.round(found.nearest)} px from the picture's top`);
    if (found.back) bad.push(`${q}: tab order goes back up: ${found.back}`);
  }
  expect(bad).toEqual([]);
});

test('on a phone the header keeps one height on every page, and at 1280 px too', async ({ app, page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    const heights = new Set<number>();
    for (const q of ['./', '?panel=warps', '?panel=kernel', '?panel=quiz', '?panel=banks&lang=hinglish', '?example=divergence/C1']) {
      await settled(page, q);
      heights.add(Math.round((await page.locator('header.site').boundingBox())!.height));
    }
    expect([...heights], `${width} px`).toHaveLength(1);
  }
});

// Issue 27's small things: the LMS package's controls are 44 px touch targets on a phone; a
// number answer's unit is not glued to its Check button ("cyclesCheck").
test('on a phone the SCORM controls are 44 px tall, and a unit keeps its distance from Check', async ({ app, page }) => {
  await page.setViewportSize({ width: 390, height: FIRST_SCREEN });
  await settled(page, '?panel=quiz&topic=latency&seed=3&count=4');
  await page.locator('details.scorm > summary').click();
  for (const sel of ['details.scorm > summary', 'select[name="scorm-version"]', 'input[name="pass-score"]', '[data-action="download-scorm"]']) {
    const box = (await page.locator(sel).boundingBox())!;
    expect(box.height, sel).toBeGreaterThanOrEqual(44);
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: FIRST_SCREEN });
    const question = page.locator('.quiz-question').filter({ has: page.locator('input[name="answer"][type="text"]') }).first();
    const label = (await question.locator('label.answer').boundingBox())!;
    const check = (await question.locator('button[type="submit"]').boundingBox())!;
    // Beside it (a gap of at least 4 px), or wrapped under it.
    expect(check.x >= label.x + label.width + 4 || check.y >= label.y + label.height - 1, `${width} px`).toBe(true);
  }
});
