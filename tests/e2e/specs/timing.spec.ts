// timing=sm (issue 47): the kernel lab's warps on one SM's schedulers. The numbers are the
// model's own test's (crates/warp-model/src/kernel_lab/timing/tests.rs): the preset "A load
// hidden by other work and other warps" issues 67 instructions a warp; 8 warps (n=256) take
// 406 cycles and use 536 of 4 × 406 issue slots; 128 warps (n=4096) 2,144 cycles, every slot.
// And the route split that pays for it: the plain lab's page loads the `kernel` bundle, a
// challenge's the `challenge` bundle.
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

const LATENCY_PRESET = 18;

/** The bundles (`kernel`, `challenge`, …) whose wasm the page fetched. */
function bundlesFetched(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const m = /\/([a-z-]+)-(en|hinglish)-[0-9a-f]+_bg\.wasm$/.exec(r.url());
    if (m) names.push(m[1]);
  });
  return names;
}

for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`the latency preset times its warps on the SM, its picture fitting ${width} px`, async ({ app, page }) => {
    await page.setViewportSize({ width, height });
    await app.open('?panel=kernel');
    await page.locator(`[data-preset="${LATENCY_PRESET}"]`).click();
    await expect(app.figure('sm-cycles')).toHaveAttribute('data-value', '406');
    await expect(app.figure('issue-utilization')).toHaveAttribute('data-value', '0.330049');
    const long = Number(await app.figure('stall-long-scoreboard').getAttribute('data-value'));
    expect(long).toBeGreaterThan(0.5);
    for (const m of ['issued', 'stall-short-scoreboard', 'stall-barrier', 'stall-not-selected']) {
      await expect(app.figure(m)).toHaveAttribute('data-value', /^[0-9.]+$/);
    }
    // The picture: one row a warp (8), five states in the legend, the stated model under it.
    const picture = page.locator('[data-picture="sm-timeline"]');
    await expect(picture).toHaveAttribute('data-sm-cycles', '406');
    await expect(picture.locator('.sm-row')).toHaveCount(8);
    await expect(picture.locator('.sm-legend li')).toHaveCount(5);
    await expect(picture.locator('[data-sm-summary]')).toContainText('8 warps on one SM of compute capability 8.0');
    // It fits the page's width: no cell past the screen's edge, nothing to scroll sideways.
    const box = await picture.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    const overflow = await picture.evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The store (line 12) waits for v, loaded on line 7.
    await expect(page.locator('tr[data-line="12"] td[data-stalls]')).toContainText('waiting on the value of line 7');
    await page.screenshot({ path: test.info().outputPath(`timing-${width}.png`), fullPage: false });
  });
}

test('more warps hide the load: n=4096 fills every issue slot', async ({ app, page }) => {
  await app.open('?panel=kernel');
  await page.locator(`[data-preset="${LATENCY_PRESET}"]`).click();
  await expect(app.figure('sm-cycles')).toHaveAttribute('data-value', '406');
  const n = page.locator('input[name="n"]');
  await n.fill('4096');
  await page.locator('[data-action="run-kernel"]').click();
  await expect(app.figure('sm-cycles')).toHaveAttribute('data-value', '2144');
  await expect(app.figure('issue-utilization')).toHaveAttribute('data-value', '1');
  await expect(app.figure('stall-long-scoreboard')).toHaveAttribute('data-value', '0');
});

test('in Hinglish the timeline speaks Hinglish', async ({ app, page }) => {
  await app.open('?panel=kernel&lang=hinglish');
  await page.locator(`[data-preset="${LATENCY_PRESET}"]`).click();
  const picture = page.locator('[data-picture="sm-timeline"]');
  await expect(picture.locator('li[data-state="stall-long-scoreboard"]')).toHaveText('Global load ka intezaar');
  await expect(picture.locator('[data-sm-summary]')).toContainText('compute capability 8.0 ke ek SM par');
  await expect(page.locator('tr[data-line="12"] td[data-stalls]')).toContainText('line 7 ki value ka intezaar');
});

test('a bad timing input is named with its range, and nothing is timed', async ({ app, page }) => {
  await app.open('?panel=kernel&timing=sm&S=9');
  await expect(page.locator('[data-error="S"]')).toContainText('8');
  await expect(page.locator('[data-picture="sm-timeline"]')).toHaveCount(0);
  await expect(app.figure('sm-cycles')).toHaveCount(0);
});

test('without timing=sm nothing is timed', async ({ app, page }) => {
  await app.open('?panel=kernel');
  await expect(app.figure('simt-efficiency')).toBeVisible();
  await expect(app.figure('sm-cycles')).toHaveCount(0);
  await expect(page.locator('[data-picture="sm-timeline"]')).toHaveCount(0);
});

test('the plain lab loads its own bundle, a challenge the challenge bundle', async ({ app, page }) => {
  const fetched = bundlesFetched(page);
  await app.open('?panel=kernel');
  await expect(app.figure('simt-efficiency')).toBeVisible();
  expect(fetched).toEqual(['kernel']);
  await expect(page.locator('[data-action="check"]')).toHaveCount(0);
  fetched.length = 0;
  await app.open('?panel=kernel&challenge=add-ten');
  await expect(page.locator('[data-action="check"]')).toBeVisible();
  expect(fetched).toEqual(['challenge']);
});
