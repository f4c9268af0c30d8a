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

test('the source travels in the URL, and errors name their place', async ({ app, page }) => {
  const src = encodeURIComponent('__global__ void k(float* a) {\n  int i = threadIdx.x;\n  a[i + 40] = 1.0f;\n}');
  await app.open(`?panel=kernel&src=${src}&len=64`);
  await expect(app.error('run')).toContainText('line 3: out-of-bounds store to a[64] by thread (24, 0, 0)');
  await app.open(`?panel=kernel&src=${encodeURIComponent('__global__ void k() { while (1) { } }')}`);
  await expect(app.error('run')).toContainText('step budget');
  await app.open(`?panel=kernel&src=${encodeURIComponent('__global__ void k() { __syncthreads(); }')}`);
  await expect(app.error('src')).toContainText('not supported in this subset: __syncthreads');
  await app.field('block').fill('2000');
  await page.locator('[data-action="run-kernel"]').click();
  await expect(app.error('block-x')).toContainText('from 1 to 1024');
  await expect(page).toHaveURL(/panel=kernel&src=.*&block=2000/);
});
