import { test, expect } from './fixtures';

test('without WebGPU the gpu panel says which step failed, and nothing breaks', async ({ app, page }) => {
  await app.open('?panel=gpu&run=divergence');
  await expect(page.locator('[data-gpu-status="unavailable"]')).toContainText('requestAdapter()');
  await expect(app.figure('gpu-available')).toHaveAttribute('data-value', 'no');
  await expect(page.locator('[data-action="run-map"]')).toBeDisabled();
  // The rest of the app is untouched.
  await app.open('?example=warp-scheduling/B');
  await expect(app.figure('warps-per-block')).toHaveAttribute('data-value', '4');
});

test('bad gpu parameters are named', async ({ app }) => {
  await app.open('?panel=gpu&run=teleport&block=4000');
  await expect(app.error('run')).toContainText('map, divergence, coalescing or occupancy');
  await expect(app.error('block-x')).toContainText('from 1 to 1024');
});
