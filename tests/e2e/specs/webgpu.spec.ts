import { test, expect } from './fixtures';

// SwiftShader, Chromium's CPU adapter: subgroups of 4, timestamp queries, a real divergence
// penalty. Exact results where they are exact, ratio bands for timings, never absolute times.
test.setTimeout(120_000);

test('the adapter is found and reported as a fallback with subgroups of 4', async ({ app, page }) => {
  await app.open('?panel=gpu');
  await expect(page.locator('[data-gpu-status="ready"]')).toBeVisible({ timeout: 20_000 });
  await expect(app.figure('gpu-available')).toHaveAttribute('data-value', 'yes');
  await expect(app.figure('adapter-fallback')).toHaveAttribute('data-value', 'yes');
  await expect(app.figure('subgroup-size')).toHaveAttribute('data-value', '4');
});

test('run=map: 64 invocations map to 16 subgroups of 4, drawn beside CUDA\'s 2 warps', async ({ app, page }) => {
  await app.open('?panel=gpu&run=map&block=64');
  await expect(app.figure('measured-subgroup-size')).toHaveAttribute('data-value', '4', { timeout: 30_000 });
  await expect(app.figure('measured-subgroups')).toHaveAttribute('data-value', '16');
  await expect(app.figure('cuda-warps')).toHaveAttribute('data-value', '2');
  await expect(page.locator('[data-picture="subgroup-map"] [data-linear]')).toHaveCount(128);
  // A 3-D block: the same 96 linear ids, 24 subgroups.
  await app.open('?panel=gpu&run=map&block=8,4,3');
  await expect(app.figure('measured-subgroups')).toHaveAttribute('data-value', '24', { timeout: 30_000 });
});

test('divergence: lane parity measurably slower than uniform, beside the model\'s 2×', async ({ app, page }) => {
  await app.open('?panel=gpu&run=divergence');
  const measured = app.figure('measured-slowdown');
  await expect(measured).toHaveAttribute('data-value', /\d/, { timeout: 90_000 });
  const v = Number(await measured.getAttribute('data-value'));
  expect(v).toBeGreaterThan(1.2);
  expect(v).toBeLessThan(4);
  await expect(app.figure('model-slowdown')).toHaveAttribute('data-value', '2');
  await expect(page.locator('[data-result="divergence"] tbody tr')).toHaveCount(4);
});

test('coalescing and occupancy run and report; cancel ends a run cleanly', async ({ app, page }) => {
  await app.open('?panel=gpu');
  await expect(page.locator('[data-gpu-status="ready"]')).toBeVisible({ timeout: 20_000 });
  await page.locator('[data-action="run-coalescing"]').click();
  await expect(page.locator('[data-result="coalescing"] tbody tr')).toHaveCount(6, { timeout: 90_000 });
  await expect(page.locator('[data-result="coalescing"] tbody tr').last()).toContainText('3.125%');
  await page.locator('[data-action="run-occupancy"]').click();
  await expect(page.locator('[data-result="occupancy"] tbody tr')).toHaveCount(8, { timeout: 90_000 });
  await page.locator('[data-action="run-divergence"]').click();
  await expect(page.locator('[data-progress="divergence"]')).toBeVisible();
  await page.locator('[data-kernel="divergence"] [data-action="cancel"]').click();
  await expect(page.locator('[data-status="divergence"]')).toHaveText('Cancelled.', { timeout: 30_000 });
});
