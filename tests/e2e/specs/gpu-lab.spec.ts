import { test, expect } from './fixtures';

// "Run on my GPU" in the kernel lab (issue 69, part 2), in a browser without WebGPU (this
// project's Chromium: requestAdapter() gives null). What needs no GPU is checked here: the
// translation's refusal with its line, the model's stopped run, and the unavailable GPU with
// the browser's reason. webgpu.spec.ts runs the presets on SwiftShader.
const src = (code: string) => encodeURIComponent(code);
const report = (page: import('@playwright/test').Page) => page.locator('[data-gpu-report] [data-gpu-run]');

test('no WebGPU: the report is unavailable, with the reason, and the model\'s run stays', async ({ app, page }) => {
  await app.open('?panel=kernel');
  await expect(app.figure('warps-run')).toBeVisible();
  await page.locator('[data-action="run-gpu"]').click();
  await expect(report(page)).toHaveAttribute('data-gpu-run', 'unavailable', { timeout: 30_000 });
  await expect(report(page)).toContainText('requestAdapter()');
  await expect(app.figure('warps-run')).toBeVisible();
  // Another launch's run clears the report: it was the last one's.
  await page.locator('[data-preset="1"]').click();
  await expect(page.locator('[data-action="run-gpu"]')).toBeVisible();
  await expect(page.locator('[data-gpu-report] *')).toHaveCount(0);
});

test('a warp function is unsupported, named with its line; a run that stopped offers no GPU run', async ({ app, page }) => {
  const shfl = '__global__ void f(int* c) {\n    int v = threadIdx.x;\n    v += __shfl_down_sync(0xffffffff, v, 1);\n    c[threadIdx.x] = v;\n}\n';
  await app.open(`?panel=kernel&block=32&len=32&src=${src(shfl)}`);
  await page.locator('[data-action="run-gpu"]').click();
  await expect(report(page)).toHaveAttribute('data-gpu-run', 'unsupported', { timeout: 30_000 });
  await expect(report(page).locator('[data-gpu-unsupported="3"]')).toContainText('__shfl_down_sync');
  // An element past the buffer: the model's run stops with its error, and a run that did not
  // finish offers nothing to compare (the button is the last of a finished run's links).
  const oob = '__global__ void f(int* c) {\n    c[threadIdx.x + 32] = 1;\n}\n';
  await app.open(`?panel=kernel&block=32&len=32&src=${src(oob)}`);
  await expect(app.error('run')).toBeVisible();
  await expect(page.locator('[data-action="run-gpu"]')).toHaveCount(0);
});

test('a challenge\'s page has no GPU run; the Hinglish lab words it in Hinglish', async ({ app, page }) => {
  await app.open('?panel=kernel&challenge=add-ten');
  await expect(page.locator('[data-action="check"]')).toBeVisible();
  await expect(page.locator('[data-action="run-gpu"]')).toHaveCount(0);
  await app.open('?panel=kernel&lang=hinglish');
  await expect(page.locator('[data-action="run-gpu"]')).toHaveText('Mere GPU par chalao');
  await page.locator('[data-action="run-gpu"]').click();
  await expect(report(page)).toHaveAttribute('data-gpu-run', 'unavailable', { timeout: 30_000 });
  await expect(report(page)).toContainText('Tumhare GPU par nahi chala');
});
