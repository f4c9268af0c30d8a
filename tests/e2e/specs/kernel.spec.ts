import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';

const presets: [number, Record<string, string>][] = [
  [0, { 'warps-run': '1', 'divergent-branches': '1', 'instructions-issued': '3', 'simt-efficiency': '0.666667' }],
  [1, { 'warps-run': '4', 'divergent-branches': '4' }],
  [2, { 'warps-run': '4', 'divergent-branches': '0', 'simt-efficiency': '1' }],
  [3, { 'warps-run': '32', 'divergent-branches': '1', 'load-transactions': '32' }],
  [4, { 'warps-run': '1' }],
  [5, { 'load-transactions': '32', 'store-transactions': '1', 'load-efficiency': '0.03125' }],
];

for (const [i, figures] of presets) {
  test(`kernel preset ${i} runs and reports`, async ({ app, page }) => {
    await app.open('?panel=kernel');
    await page.locator(`[data-preset="${i}"]`).click();
    for (const [metric, value] of Object.entries(figures)) {
      await expect(app.figure(metric), metric).toHaveAttribute('data-value', value);
    }
  });
}

test('what the code did opens in the other panels with the same numbers', async ({ app, page }) => {
  await app.open('?panel=kernel');
  await page.locator('[data-link="divergence"]').click();
  await expect(app.figure('diverged-cycles')).toHaveAttribute('data-value', '28');
  await expect(app.figure('lane-utilization')).toHaveAttribute('data-value', '0.5');
  await app.open('?panel=kernel');
  await page.locator('[data-preset="5"]').click();
  await page.locator('[data-link="coalescing"]').click();
  await expect(app.figure('transactions')).toHaveAttribute('data-value', '32');
  await app.open('?panel=kernel');
  await page.locator('[data-preset="4"]').click();
  await page.locator('[data-link="loop"]').click();
  await expect(app.figure('loop-cycles')).toHaveAttribute('data-value', '4');
});

test('the step-through follows masks and the reconvergence stack', async ({ app, page }) => {
  await app.open('?panel=kernel');
  const mask = page.locator('[data-mask]');
  await expect(mask).toHaveAttribute('data-mask', 'ffffffff');
  await page.locator('[data-action="step-next"]').click();
  await expect(mask).toHaveAttribute('data-mask', '55555555');
  await expect(page.locator('.listing li.here')).toHaveAttribute('data-line', '3');
  await expect(page.locator('[data-stack]')).toContainText('if at line 2');
  await page.locator('[data-action="step-next"]').click();
  await expect(mask).toHaveAttribute('data-mask', 'aaaaaaaa');
  await expect(page.locator('[data-stack]')).toContainText('else at line 2');
});

test('the step-through’s variable menu shows the chosen variable in every lane, and keeps the choice', async ({ app, page }) => {
  // i = threadIdx.x and d = 2i, so lane 5 holds i = 5 and d = 10 (worked by hand).
  const src = '__global__ void k(int* out) {\n    int i = threadIdx.x;\n    int d = i * 2;\n    out[i] = d;\n    out[i] = d + i;\n}';
  await app.open(`?panel=kernel&src=${encodeURIComponent(src)}&len=32`);
  const menu = page.locator('.step-through select');
  const values = page.locator('.step-through table.lane-values');
  const next = page.locator('[data-action="step-next"]');
  for (let i = 0; i < 4 && (await menu.locator('option').count()) < 2; i++) await next.click();
  // Both variables offered, the newest shown first.
  await expect(menu.locator('option')).toHaveText(['i', 'd']);
  await expect(menu).toHaveValue('d');
  await expect(values).toHaveAttribute('data-var', 'd');
  await expect(values.locator('td').nth(5)).toHaveText('10');
  await menu.selectOption('i');
  await expect(values).toHaveAttribute('data-var', 'i');
  await expect(values.locator('td').nth(5)).toHaveText('5');
  await expect(values.locator('td').nth(31)).toHaveText('31');
  // The next step keeps the learner's choice.
  await next.click();
  await expect(menu).toHaveValue('i');
  await expect(values).toHaveAttribute('data-var', 'i');
});

test('the source travels in the URL, and errors name their place', async ({ app, page }) => {
  const src = encodeURIComponent('__global__ void k(float* a) {\n  int i = threadIdx.x;\n  a[i + 40] = 1.0f;\n}');
  await app.open(`?panel=kernel&src=${src}&len=64`);
  await expect(app.error('run')).toContainText('line 3: out-of-bounds store to a[64] by thread (24, 0, 0)');
  await app.open(`?panel=kernel&src=${encodeURIComponent('__global__ void k() { while (1) { } }')}`);
  await expect(app.error('run')).toContainText('step budget');
  await app.open(`?panel=kernel&src=${encodeURIComponent('__global__ void k() { printf(); }')}`);
  await expect(app.error('src')).toContainText('not supported in this subset: printf');
  await app.field('block').fill('2000');
  await page.locator('[data-action="run-kernel"]').click();
  await expect(app.error('block-x')).toContainText('from 1 to 1024');
  await expect(page).toHaveURL(/\/kernel\/\?src=.*&block=2000/);
});

test('a preset or a new run starts the step-through at step 1, and Back/Next stop at the ends', async ({ app, page }) => {
  await app.open('?panel=kernel');
  const back = page.locator('[data-action="step-back"]');
  const next = page.locator('[data-action="step-next"]');
  const count = page.locator('[data-step]');
  // The default kernel's warp issues 3 instructions: the if, heavy_path(), light_path().
  await expect(count).toHaveText('step 1 of 3');
  await expect(back).toBeDisabled();
  await expect(next).toBeEnabled();
  await next.click();
  await next.click();
  await expect(count).toHaveText('step 3 of 3');
  await expect(next).toBeDisabled();
  await expect(back).toBeEnabled();
  // The same preset again: a trace of the same length, and still step 1.
  await page.locator('[data-preset="0"]').click();
  await expect(count).toHaveText('step 1 of 3');
  await expect(back).toBeDisabled();
  await next.click();
  await expect(count).toHaveText('step 2 of 3');
  await page.locator('[data-action="run-kernel"]').click();
  await expect(count).toHaveText('step 1 of 3');
  await next.click();
  await page.locator('[data-preset="2"]').click();
  await expect(count).toHaveAttribute('data-step', '0');
});

test('the ragged-tail preset traces the warp that splits, not warp 0', async ({ app, page }) => {
  await app.open('?panel=kernel');
  await page.locator('[data-preset="3"]').click();
  // n = 1000 over blocks of 256: i = 992 … 1023 is block 3, warp 7; lanes 0–7 are below n.
  const traced = page.locator('[data-trace]');
  await expect(traced).toHaveAttribute('data-trace', '3,7');
  await expect(traced).toHaveAttribute('data-trace-why', 'diverges');
  await expect(traced).toContainText('Block 3, warp 7: the first warp whose lanes diverge');
  const next = page.locator('[data-action="step-next"]');
  await next.click();
  await next.click();
  await expect(next).toBeDisabled();
  await expect(page.locator('[data-mask]')).toHaveAttribute('data-mask', '000000ff');
  // A chosen warp wins: trace=0,0 shows all 32 lanes storing.
  await app.field('trace').fill('0,0');
  await page.locator('[data-action="run-kernel"]').click();
  await expect(traced).toHaveAttribute('data-trace-why', 'chosen');
  await next.click();
  await next.click();
  await expect(page.locator('[data-mask]')).toHaveAttribute('data-mask', 'ffffffff');
  await app.field('trace').fill('4,0');
  await page.locator('[data-action="run-kernel"]').click();
  await expect(app.error('trace')).toContainText('blocks 0 … 3, warps 0 … 7');
});

test('a parse error is marked in the editor at its line and column, without a "src:" prefix', async ({ app, page }) => {
  const src = '__global__ void k(float* a) {\n    int i = threadIdx.x\n    a[i] = 1;\n}';
  await app.open(`?panel=kernel&src=${encodeURIComponent(src)}`);
  const error = app.error('src');
  await expect(error).toHaveText(/^line 3, column 5: expected “;” to end the statement/);
  const editor = page.locator('textarea[name="src"]');
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  await expect(editor).toHaveAttribute('aria-describedby', 'error-src kernel-keys');
  await expect(page.locator('#error-src')).toHaveCount(1);
  await expect(page.locator('[data-gutter-mark]')).toHaveAttribute('data-gutter-mark', '3');
  const mark = page.locator('.src-mark');
  await expect(mark).toHaveAttribute('data-mark-line', '3');
  await expect(mark).toHaveAttribute('data-mark-col', '5');
  // The caret sits on the character at line 3, column 5: 2 lines and 4 characters into the
  // text, measured with the editor's own font.
  const place = await page.evaluate(() => {
    const ta = document.querySelector('textarea[name="src"]') as HTMLTextAreaElement;
    const caret = document.querySelector('.src-mark .mark-caret')!.getBoundingClientRect();
    const s = getComputedStyle(ta);
    const probe = document.createElement('span');
    probe.style.font = s.font;
    probe.style.whiteSpace = 'pre';
    probe.textContent = '    ';
    document.body.appendChild(probe);
    const four = probe.getBoundingClientRect().width;
    probe.remove();
    const box = ta.getBoundingClientRect();
    const x = box.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft) + four;
    const y = box.top + parseFloat(s.borderTopWidth) + parseFloat(s.paddingTop) + 2 * parseFloat(s.lineHeight);
    return { dx: Math.abs(caret.left - x), dy: Math.abs(caret.top - y) };
  });
  expect(place.dx).toBeLessThan(2);
  expect(place.dy).toBeLessThan(2);
  // Fixed and run again: the mark goes.
  await editor.fill('__global__ void k(float* a) {\n    int i = threadIdx.x;\n    a[i] = 1;\n}');
  await page.locator('[data-action="run-kernel"]').click();
  await expect(error).toHaveCount(0);
  await expect(mark).toHaveCount(0);
  await expect(editor).toHaveAttribute('aria-invalid', 'false');
});

/**
 * A compile error's quote as the browser lays it out: how far the `^` is from the `$` it names
 * (a range on each character), how many rows the quote takes, and whether it stays inside the
 * page (it scrolls sideways within its box; the page itself must not).
 */
async function caretUnderDollar(quote: Locator) {
  return quote.evaluate((q) => {
    const text = q.firstChild as Text;
    const box = (i: number) => {
      const r = document.createRange();
      r.setStart(text, i);
      r.setEnd(text, i + 1);
      return r.getBoundingClientRect();
    };
    const s = text.data;
    const [dollar, caret] = [box(s.indexOf('$')), box(s.lastIndexOf('^'))];
    return {
      dx: Math.abs(dollar.left - caret.left),
      rows: Math.round(q.scrollHeight / parseFloat(getComputedStyle(q).lineHeight)),
      fits: q.getBoundingClientRect().right <= innerWidth,
      pageFits: document.documentElement.scrollWidth <= innerWidth,
    };
  });
}

test('on a phone, a compile error’s caret stays under the character it names', async ({ app, page }) => {
  // A source line wider than a 390 px phone: wrapped, it left the caret under a space past the
  // “$” (seen on 2026-12-05). The source line and the caret are one quote that never wraps.
  await page.setViewportSize({ width: 390, height: 844 });
  const src = '__global__ void k(int* out, int n) {\n    int i = threadIdx.x;\n    if (i < n) { out[i] = out[i] + 1 $ 2 * someVeryLongNameHere; }\n}';
  await app.open(`?panel=kernel&src=${encodeURIComponent(src)}`);
  await expect(app.error('src')).toHaveText(/^line 3, column 38: unexpected character “\$”/);
  const quote = app.error('src').locator('.error-quote');
  await expect(quote).toHaveText(/^ {4}if \(i < n\).*\n {37}\^$/);
  const at = await caretUnderDollar(quote);
  expect(at.dx).toBeLessThan(1);
  expect(at.rows).toBe(2);
  expect(at.fits && at.pageFits).toBe(true);
});

test('on a phone, a challenge’s compile failure quotes its caret under the character too', async ({ app, page }) => {
  // The Check report said the same words with its caret lines run together (“… $ 0; } ^”).
  await page.setViewportSize({ width: 390, height: 844 });
  await app.open('?panel=kernel&challenge=add-ten');
  await page.locator('#kernel-src').fill('__global__ void add_ten(const int* in, int* out, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i < n) { out[i] = in[i] + 10 $ 0; }\n}\n');
  await page.locator('[data-action="check"]').click();
  const failure = page.locator('[data-challenge-failure="compile"]');
  await expect(failure).toContainText('line 3, column 38');
  const quote = failure.locator('.error-quote');
  await expect(quote).toHaveText(/^ {4}if \(i < n\) \{ out\[i\] = in\[i\] \+ 10 \$ 0; \}\n {37}\^$/);
  const at = await caretUnderDollar(quote);
  expect(at.dx).toBeLessThan(1);
  expect(at.rows).toBe(2);
  expect(at.fits && at.pageFits).toBe(true);
});

test('a run-time error marks its line in the editor', async ({ app, page }) => {
  const src = encodeURIComponent('__global__ void k(float* a) {\n  int i = threadIdx.x;\n  a[i + 40] = 1.0f;\n}');
  await app.open(`?panel=kernel&src=${src}&len=64`);
  await expect(app.error('run')).toHaveText(/^line 3: out-of-bounds store/);
  await expect(page.locator('.src-mark')).toHaveAttribute('data-mark-line', '3');
  await expect(page.locator('.src-mark .mark-caret')).toHaveCount(0);
  await expect(page.locator('textarea[name="src"]')).toHaveAttribute('aria-describedby', 'error-run kernel-keys');
});

// Shared memory: every figure here is worked by hand in crates/warp-model/src/kernel_lab/shared_tests.rs.
const shared: [number, Record<string, string>][] = [
  [6, { 'shared-load-wavefronts': '1024', 'shared-store-wavefronts': '32', 'bank-conflicts': '992', 'race-detected': 'no', 'value-out-1': '32' }],
  [7, { 'shared-load-wavefronts': '32', 'shared-store-wavefronts': '32', 'bank-conflicts': '0', 'race-detected': 'no', 'value-out-1': '32' }],
  [8, { 'shared-load-wavefronts': '95', 'shared-store-wavefronts': '55', 'bank-conflicts': '105', 'value-out-0': '32640' }],
  [9, { 'shared-load-wavefronts': '25', 'shared-store-wavefronts': '20', 'bank-conflicts': '0', 'value-out-0': '32640' }],
  [10, { 'race-detected': 'yes', 'value-out-1': '0', 'load-transactions': '32' }],
];

for (const [i, figures] of shared) {
  test(`shared-memory preset ${i} reports wavefronts, conflicts and watched values`, async ({ app, page }) => {
    await app.open('?panel=kernel');
    await page.locator(`[data-preset="${i}"]`).click();
    for (const [metric, value] of Object.entries(figures)) {
      await expect(app.figure(metric), metric).toHaveAttribute('data-value', value);
    }
  });
}

test('the forgotten barrier names the race, and shared lines open in the banks panel', async ({ app, page }) => {
  await app.open('?panel=kernel');
  await page.locator('[data-preset="10"]').click();
  await expect(page.locator('[data-race]')).toContainText(
    'Race on tile[1][0] in block 0: warp 0 reads it at line 7, then warp 1 writes it at line 5');
  await page.locator('[data-preset="6"]').click();
  await expect(page.locator('[data-race]')).toHaveCount(0);
  const row = page.locator('table.per-line tr[data-line="7"]');
  await expect(row.locator('[data-shared-wavefronts]')).toHaveText('1024');
  await expect(row.locator('[data-bank-conflicts]')).toHaveText('992');
  await expect(row.locator('[data-link="banks"]')).toHaveAttribute('href', 'banks/with/?elem=4&stride=32');
});

test('barrier errors and watch errors are named', async ({ app, page }) => {
  const half = '__global__ void k(float* a) {\n  if (threadIdx.x < 16) {\n    __syncthreads();\n  }\n}';
  await app.open(`?panel=kernel&src=${encodeURIComponent(half)}`);
  await expect(app.error('run')).toContainText('line 3: __syncthreads() at line 3 is reached by only 16 of the 32 threads');
  await expect(page.locator('.src-mark')).toHaveAttribute('data-mark-line', '3');
  const endless = '__global__ void k(float* a) {\n  __syncthreads();\n  while (true) { }\n}';
  await app.open(`?panel=kernel&block=64&src=${encodeURIComponent(endless)}`);
  await expect(app.error('run')).toContainText('step budget of 2000000 warp instructions in the loop at line 3');
  await app.open('?panel=kernel&watch=out');
  await expect(app.error('watch')).toContainText('NAME[i]');
  await app.open('?panel=kernel&watch=in[0]');
  await expect(app.error('watch')).toContainText('not a pointer parameter of this kernel: watch one of out');
  await app.open('?panel=kernel&watch=out[3]');
  await expect(app.figure('value-out-3')).toHaveAttribute('data-value', '3');
});

test('warp-level presets: the shuffle sum, the named mask violation, the spin lock under both models, the histogram', async ({ app, page }) => {
  await app.open('?panel=kernel');
  await page.locator('[data-preset="11"]').click();
  await expect(page.locator('[data-metric="value-out-0"]')).toHaveAttribute('data-value', '496');
  await expect(app.figure('shuffles')).toHaveAttribute('data-value', '5');
  await expect(app.figure('mask-violations')).toHaveAttribute('data-value', '0');
  await page.locator('[data-preset="14"]').click();
  await expect(app.figure('mask-violations')).toHaveAttribute('data-value', '1');
  await expect(page.locator('[data-mask-violations]')).toContainText('line 6: __shfl_down_sync() names lanes 16–31');
  await page.locator('[data-preset="15"]').click();
  await expect(app.error('run')).toContainText('line 3: livelock under sched=stack');
  await page.locator('[data-preset="16"]').click();
  await expect(page.locator('[data-metric="value-count-0"]')).toHaveAttribute('data-value', '32');
  await page.locator('[data-preset="17"]').click();
  await expect(page.locator('[data-metric="value-bins-0"]')).toHaveAttribute('data-value', '32');
  await expect(app.figure('atomics')).toHaveAttribute('data-value', '8');
});

test('a calling lane left out of its own mask is a named violation, marked in the step-through', async ({ app, page }) => {
  // Issue 26: the warp sum with 0xffff while all 32 lanes call: the guide calls it undefined.
  const sum = '__global__ void warp_sum(const int* in, int* out) {\n    int v = in[threadIdx.x];\n    for (int offset = 16; offset > 0; offset /= 2) {\n        v += __shfl_down_sync(0xffff, v, offset);\n    }\n    if (threadIdx.x == 0) {\n        out[0] = v;\n    }\n}\n';
  await app.open(`?panel=kernel&block=32&watch=out[0]&src=${encodeURIComponent(sum)}`);
  // One violation per call: five shuffles. The lab's stated value: 240, not 496.
  await expect(app.figure('mask-violations')).toHaveAttribute('data-value', '5');
  await expect(page.locator('[data-metric="value-out-0"]')).toHaveAttribute('data-value', '240');
  const note = page.locator('[data-mask-violations]');
  await expect(note).toContainText('line 4: __shfl_down_sync() is called by lanes 16–31, whose own bits are not in its mask 0x0000ffff');
  await expect(note).toContainText('undefined on a GPU');
  // Step to the first shuffle: its left-out lanes in red, with the same in words.
  const left = page.locator('[data-left-out]');
  for (let i = 0; i < 12 && (await left.count()) === 0; i++) await page.locator('[data-action="step-next"]').click();
  await expect(left.first()).toHaveAttribute('data-left-out', 'ffff0000');
  await expect(left.first()).toContainText('lanes 16–31 call it without their own bit in the mask');
  await expect(left.first().locator('.lane.absent')).toHaveCount(16);
  // In Hinglish too.
  await app.open(`?panel=kernel&block=32&lang=hinglish&src=${encodeURIComponent(sum)}`);
  await expect(page.locator('[data-mask-violations]')).toContainText('lanes 16–31 call karti hain');
});

test('a choice outside its list is named, with the choices: sched=volta, forecast=yes', async ({ app, page }) => {
  // Issue 26: sched was compared as raw text, so sched=volta ran the stack model silently.
  await app.open('?panel=kernel&sched=volta');
  await expect(app.error('sched')).toContainText('volta');
  await expect(app.error('sched')).toContainText('stack');
  await expect(app.error('sched')).toContainText('its');
  await app.open('?panel=kernel&sched=its');
  await expect(app.error('sched')).toHaveCount(0);
  await app.open('?example=divergence/C1&forecast=yes');
  await expect(app.error('forecast')).toContainText('use 1 (guess first) or 0');
  // The default then holds: an example opens with its Forecast on.
  await expect(page.locator('input[name=forecast-guess], [data-action="reveal"]').first()).toBeVisible();
});

test('the step-through says what each scheduler runs, jumps to the next event, and says when the recording was cut', async ({ app, page }) => {
  // Issue 26: under sched=its the stated model said ITS was left out and a group was labelled
  // a reconvergence stack; the counter read "step N of 4000" with no way ahead.
  await app.open('?panel=kernel');
  await expect(page.locator('p.note[data-sched="stack"]')).toContainText('sched=stack (before Volta)');
  const count = page.locator('[data-step]');
  const event = page.locator('.step-event');
  await page.locator('[data-action="step-event"]').click();
  await expect(event).toHaveAttribute('data-event', 'split');
  await expect(event).toHaveText('lanes split');
  await expect(count).toHaveText('step 2 of 3');
  await expect(page.locator('[data-mask]')).toHaveAttribute('data-mask', '55555555');
  await page.locator('[data-action="step-event"]').click();
  await expect(event).toHaveAttribute('data-event', 'end');
  await expect(count).toHaveText('step 3 of 3');
  await expect(page.locator('[data-action="step-event"]')).toBeDisabled();
  // The spin lock under its: groups, the note of its, and the cut recording said.
  await page.locator('[data-preset="16"]').click();
  await expect(page.locator('p.note[data-sched="its"]')).toContainText('independent thread scheduling');
  await expect(page.locator('p.note[data-sched]')).not.toContainText('is left out');
  await expect(page.locator('[data-trace-cut]')).toContainText('first 4000 instructions of');
  await page.locator('[data-action="step-event"]').click();
  await expect(event).toHaveAttribute('data-event', 'split');
  await expect(page.locator('[data-stack]')).toContainText('This lane group (sched=its)');
  await expect(page.locator('[data-stack]')).not.toContainText('Reconvergence stack');
});
