import { test, expect } from './fixtures';
import { APP } from './ports';

// Each preset with the numbers its seed derives (the seeds' answer and verify lines).
const presets: Record<string, Record<string, string>> = {
  'warp-scheduling/A': { 'threads-per-block': '256', 'warps-per-block': '8', 'idle-lanes-per-block': '0', 'tail-warp-active': '32' },
  'warp-scheduling/B': { 'warps-per-block': '4', 'idle-lanes-per-block': '28', 'tail-warp-active': '4' },
  'warp-scheduling/C': { 'threads-per-block': '192', 'warps-per-block': '6', 'warp-first-thread': '32', 'warp-last-thread': '63', 'warp-straddles-rows': 'yes' },
  'warp-scheduling/C2': { 'threads-per-block': '96', 'warps-per-block': '3', 'thread-coords': '6,0,2', 'thread-warp': '2' },
  'warp-scheduling/D': { 'warps-per-block': '1', 'tail-warp-active': '20', 'idle-lanes-per-block': '12' },
  'warp-scheduling/I': { 'threads-per-block': '900', 'warps-per-block': '29', 'idle-lanes-per-block': '28', 'tail-warp-active': '4' },
  'execution-model/A': { 'blocks': '8', 'warps-per-block': '8', 'warps-launched': '64', 'idle-threads': '0' },
  'execution-model/B': { 'blocks': '4', 'threads-launched': '1024', 'idle-threads': '24', 'ragged-block': '3', 'ragged-warp': '7', 'ragged-warp-active': '8' },
  'execution-model/C': { 'blocks': '1', 'ragged-warp-active': '5', 'ragged-warp-utilization': '0.15625' },
  'execution-model/I': { 'grid': '120,68', 'threads-launched': '2088960', 'idle-threads': '15360' },
};

for (const [key, figures] of Object.entries(presets)) {
  test(`preset ${key} shows the seed's numbers, question, forecast and steps`, async ({ app, page }) => {
    await app.open(`?example=${key}`);
    await expect(page.locator(`[data-example="${key}"]`)).toBeVisible();
    await expect(page.locator('[data-forecast]')).toContainText('Forecast');
    // It opens with Forecast on; the learner's guess reveals the numbers.
    await app.reveal();
    for (const [metric, value] of Object.entries(figures)) {
      await expect(app.figure(metric), metric).toHaveAttribute('data-value', value);
    }
    await expect(page.locator('[data-worked]').first().locator('.why').first()).toContainText('');
    await expect(page.locator('[data-worked] math').first()).toBeVisible();
    await expect(page.locator('[data-worked] .verify').first()).toContainText('✓');
    // An untouched preset keeps its short link: its own page, nothing more (issue 63: the old
    // `?example=` link is sent on to it).
    expect(new URL(page.url()).pathname).toBe(`${new URL(APP).pathname}example/${key}/`);
    expect(new URL(page.url()).search).toBe('');
  });
}

test('the seed 000 Ex 9 comparison: (32, 8) wastes nothing', async ({ app, page }) => {
  await app.open('?example=warp-scheduling/I');
  // The next case is linked once the question is answered (issue 66: not inside the question).
  await app.reveal();
  await page.getByRole('link', { name: 'Now the aligned block (32, 8)' }).click();
  await expect(app.figure('warps-per-block')).toHaveAttribute('data-value', '8');
  await expect(app.figure('idle-lanes-per-block')).toHaveAttribute('data-value', '0');
});

