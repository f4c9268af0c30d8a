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
// The bundles a page fetched, each named once in the order first fetched: a worker ended and
// started again (a challenge's run after its check's report, issue 66) fetches its bundle
// again, from the cache, at a moment no assertion can wait for (CI once saw the check's
// second fetch land before the report's figure was read).
function bundlesFetched(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const m = /\/([a-z-]+)-(en|hinglish)-[0-9a-f]+_bg\.wasm$/.exec(r.url());
    if (m && !names.includes(m[1])) names.push(m[1]);
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
    await expect(picture.locator('.sm-row[data-warp]')).toHaveCount(8);
    await expect(picture.locator('.sm-legend li')).toHaveCount(5);
    await expect(picture.locator('[data-sm-summary]')).toContainText('8 warps on one SM of compute capability 8.0');
    // It fits the page's width: no cell past the screen's edge, nothing to scroll sideways.
    const box = await picture.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    const overflow = await picture.evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The store (line 12) waits for v, loaded on line 7; the worked line says so too, on
    // screen at any width (the table's stall column is its last, past a phone's edge).
    await expect(page.locator('tr[data-line="12"] td[data-stalls]')).toContainText('waiting on the value of line 7');
    const worked = page.locator('[data-sm-worked]');
    await expect(worked).toContainText('Most stalls: line 12, ');
    const wb = await worked.boundingBox();
    expect(wb!.x + wb!.width).toBeLessThanOrEqual(width);
    // Every state's share worked, one line each: its warp-cycles over the resident warps'.
    const shares = picture.locator('[data-sm-shares] li');
    await expect(shares).toHaveCount(5);
    await expect(shares.first()).toHaveAttribute('data-share', 'issued');
    await expect(shares.first()).toContainText(/^Issued: \d+ ÷ \d+ = [\d.]+%$/);
    const sb = await picture.locator('[data-sm-shares]').boundingBox();
    expect(sb!.x + sb!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`timing-${width}.png`), fullPage: false });
  });
}

// Issue 47 item 5: the timeline worked in the panels' numbered form (Forecast, steps with "Why
// this step?", the answer, Verify), open under the picture. The preset's 8 warps: 4 × 406 =
// 1624 issue slots, 536 of them used, 536 ÷ 1624 = 33%; the model test
// `the_timeline_is_worked_in_numbered_steps_for_any_run` works a run by hand.
for (const [width, height, lang, question, slots] of [
  [1280, 800, 'en', "where did the SM's 406 cycles go?", 'S × cycles = 4 × 406 = 1624 issue slots'],
  [390, 844, 'hinglish', 'SM ke 406 cycles kahan gaye?', 'S × cycles = 4 × 406 = 1624 issue slots'],
] as const) {
  test(`the timeline is worked in numbered steps (${lang}, ${width} px)`, async ({ app, page }) => {
    await page.setViewportSize({ width, height });
    await app.open(`?panel=kernel&lang=${lang}`);
    await page.locator(`[data-preset="${LATENCY_PRESET}"]`).click();
    await expect(app.figure('sm-cycles')).toHaveAttribute('data-value', '406');
    const steps = page.locator('details[data-sm-worked]');
    await expect(steps.locator('summary')).toContainText(question);
    expect(await steps.getAttribute('open')).not.toBeNull();
    const items = steps.locator('li.step');
    // Slots, slots used, the states, the largest share, the line the warps waited at.
    await expect(items).toHaveCount(5);
    await expect(items.nth(0)).toContainText(slots);
    await expect(items.nth(1)).toContainText('536');
    await expect(items.nth(1)).toContainText('÷ 1624');
    await expect(items.nth(1)).toContainText('= 33%');
    await expect(items.nth(4)).toContainText('12');
    await expect(items.nth(0).locator('.why')).toBeVisible();
    await expect(steps.locator('.forecast')).toBeVisible();
    await expect(steps.locator('[data-answer]')).toContainText('406');
    await expect(steps.locator('.verify')).toContainText('536');
    // It fits the screen: nothing past its edge.
    for (const part of [steps, items.nth(2), items.nth(3)]) {
      const box = await part.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    await steps.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`timing-steps-${lang}-${width}.png`), fullPage: false });
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
  await expect(picture.locator('[data-sm-shares] li[data-share="stall-long-scoreboard"]')).toContainText(/^Global load ka intezaar: \d+ ÷ \d+ = /);
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
  // Each with the worker its runs go to (issue 65): the plain lab's run worker, the challenge's
  // check worker (which holds the challenges); neither page links an interpreter. The plain
  // lab's default run comes with its prerendered page, so its worker starts on the next run;
  // so does a built-in challenge's starter run (its page, issue 63), its worker on Run or Check.
  const fetched = bundlesFetched(page);
  await app.open('?panel=kernel');
  await expect(app.figure('simt-efficiency')).toBeVisible();
  expect(fetched).toEqual(['kernel']);
  await page.locator('[data-preset="5"]').click();
  await expect(app.figure('load-transactions')).toHaveAttribute('data-value', '32');
  expect(fetched).toEqual(['kernel', 'run']);
  await expect(page.locator('[data-action="check"]')).toHaveCount(0);
  fetched.length = 0;
  await app.open('?panel=kernel&challenge=add-ten');
  await expect(page.locator('[data-action="check"]')).toBeVisible();
  await expect(app.figure('simt-efficiency')).toBeVisible();
  expect(fetched).toEqual(['challenge']);
  await page.locator('[data-action="check"]').click();
  await expect(app.figure('challenge-passed')).toHaveAttribute('data-value', 'no');
  expect(fetched).toEqual(['challenge', 'check']);
});

// The two panels agree (issue 47): the latency panel's "Run this in the kernel lab" opens its
// scenario as a kernel, timed on the lab's SM over the panel's window. L = 300, W = 15, one
// scheduler, 8 warps: each period of 300 cycles the scheduler issues 8 × 15 = 120 → 40 %, in
// both panels; the panel's window is 10 periods, 3,000 cycles (crates/warp-model/src/
// kernel_lab/scenario/tests.rs derives the same).
for (const lang of ['en', 'hinglish']) {
  test(`the latency panel's scenario runs in the kernel lab with the same utilization (${lang})`, async ({ app, page }) => {
    const q = lang === 'en' ? '' : '&lang=hinglish';
    await app.open(`?panel=latency&L=300&W=15&S=1&resident=8${q}`);
    await expect(app.figure('simulated-utilization')).toHaveAttribute('data-value', '0.4');
    const link = page.locator('a[data-link="kernel"]');
    await expect(link).toContainText(lang === 'en' ? 'Run this in the kernel lab' : 'Ise kernel lab mein chalao');
    await page.setViewportSize({ width: 390, height: 844 });
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`latency-lab-link-${lang}.png`) });
    await link.click();
    await expect(page).toHaveURL(/\/kernel\/\?/);
    await expect(page).toHaveURL(/timing=sm/);
    await expect(app.figure('issue-utilization')).toHaveAttribute('data-value', '0.4');
    await expect(app.figure('sm-cycles')).toHaveAttribute('data-value', '3000');
    await expect(page.locator('[data-picture="sm-timeline"] .sm-row[data-warp]')).toHaveCount(8);
    await expect(page.locator('[data-sm-summary]')).toContainText(lang === 'en' ? 'Counted over the first' : 'Pehle');
    await page.screenshot({ path: test.info().outputPath(`lab-from-latency-${lang}.png`), fullPage: true });
  });
}

test('a scenario the lab cannot run exactly says why instead of linking', async ({ app, page }) => {
  await app.open('?panel=latency&T=2');
  await expect(page.locator('[data-link-unfit="kernel"]')).toContainText('T = 1');
  await expect(page.locator('a[data-link="kernel"]')).toHaveCount(0);
  await app.open('?panel=latency&resident=80');
  await expect(page.locator('[data-link-unfit="kernel"]')).toContainText('64');
});

// The timeline's step control: 406 cycles in 58 columns of 7 (the model's test derives each
// column's words: crates/warp-model/src/kernel_lab/timing/tests.rs).
for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`the timeline steps column by column and says what each shows, at ${width} px`, async ({ app, page }) => {
    await page.setViewportSize({ width, height });
    await app.open('?panel=kernel');
    await page.locator(`[data-preset="${LATENCY_PRESET}"]`).click();
    await expect(app.figure('sm-cycles')).toHaveAttribute('data-value', '406');
    const at = page.locator('[data-sm-at]');
    await expect(at).toHaveText('Cycles 0–6: Issued: 4 warps · Ready, another warp issued: 4 warps');
    const step = page.locator('input[data-sm-step]');
    await expect(step).toHaveAttribute('max', '57');
    await step.fill('57');
    await expect(at).toContainText('Cycles 399–405: ');
    await expect(at).toContainText('Waiting on a global load: 8 warps');
    // The chosen column is outlined in every row, the others are not.
    const cell = (n: number) => page.locator(`.sm-row[data-warp="0"] .sm-cells > span:nth-child(${n})`);
    expect(await cell(58).evaluate((e) => getComputedStyle(e).boxShadow)).not.toBe('none');
    expect(await cell(57).evaluate((e) => getComputedStyle(e).boxShadow)).toBe('none');
    // The keyboard steps too.
    await step.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(at).toContainText('Cycles 392–398: ');
    const box = await step.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`timing-step-${width}.png`), fullPage: false });
  });
}

test('the step control speaks Hinglish too', async ({ app, page }) => {
  await app.open('?panel=kernel&lang=hinglish');
  await page.locator(`[data-preset="${LATENCY_PRESET}"]`).click();
  await expect(page.locator('.sm-step label')).toContainText('Run mein step karo');
  await expect(page.locator('[data-sm-at]')).toContainText('Cycles 0–6: Issued: 4 warps');
});

// Issue 66, way 1: the SM timeline whole on a phone, in both languages. The per-line table
// reflows (its stalls, the column with the answer, were off a 390 px screen at 612 px), the
// timeline has a cycle axis (406 cycles: 0, 203, 406, derived in the model's test), every count
// in the step control has its unit, and the step control and the variable picker are touch
// targets (≥ 44 px).
for (const lang of ['', '&lang=hinglish']) {
  test(`on a phone the timing=sm results fit the screen, with an axis and units${lang ? ' (Hinglish)' : ''}`, async ({ app, page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // One warp: its count singular ("1 warp").
    await app.open(`?panel=kernel&timing=sm${lang}`);
    await expect(page.locator('[data-sm-at]')).toContainText('Issued: 1 warp');
    await expect(page.locator('[data-sm-at]')).not.toContainText('1 warps');
    await page.locator(`[data-preset="${LATENCY_PRESET}"]`).click();
    await expect(app.figure('sm-cycles')).toHaveAttribute('data-value', '406');
    const table = page.locator('table.per-line');
    await expect(table).toBeVisible();
    // Every cell, the stalls' header and notes included, within the screen; the page not wider.
    const right = await table.evaluate((t) => Math.max(...[...t.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(390);
    const stalls = table.locator('td[data-stalls]').first();
    await stalls.scrollIntoViewIfNeeded();
    const box = (await stalls.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The axis: cycles 0, 203 and 406 under the columns, its unit beside them.
    const axis = page.locator('[data-sm-axis]');
    await expect(axis.locator('.ticks > span')).toHaveText(['0', '203', '406']);
    await expect(axis.locator('.row-label')).toHaveText('cycles');
    // A count with its unit.
    await expect(page.locator('[data-sm-at]')).toContainText('Issued: 4 warps');
    // The Issued colour at 7 cycles a column: warp 4 issued in column 1 though most of its
    // cycles were ready (the model's test derives it), so that cell has an Issued top edge;
    // no cell of column 30 (cycles 203–209, all waiting) has one.
    const cell = page.locator('.sm-row[data-warp="4"] .sm-cells > span:nth-child(1)');
    await expect(cell).toHaveClass(/sm-ready/);
    await expect(cell).toHaveClass(/\bi\b/);
    expect(await cell.evaluate((e) => getComputedStyle(e).borderTopWidth)).toBe('3px');
    await expect(page.locator('.sm-cells > span:nth-child(30).i')).toHaveCount(0);
    // Touch targets: the step control, and the step-through's variable picker (a kernel with
    // variables, stepped until they are there).
    expect((await page.locator('input[data-sm-step]').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const src = '__global__ void k(int* out) {\n    int i = threadIdx.x;\n    out[i] = i;\n}';
    await app.open(`?panel=kernel&src=${encodeURIComponent(src)}&len=32${lang}`);
    const menu = page.locator('.step-through select');
    for (let i = 0; i < 4 && (await menu.count()) === 0; i++) await page.locator('[data-action="step-next"]').click();
    expect((await menu.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });
}
