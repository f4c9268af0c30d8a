import { test, expect } from './fixtures';

const presets: Record<string, Record<string, string>> = {
  'warp-scheduling/E': { 'warps-needed': '20', 'latency-hidden': 'yes', 'warp-margin': '44' },
  'warp-scheduling/F': { 'warps-needed': '400', 'latency-hidden': 'no', 'warp-deficit': '336' },
  'warp-scheduling/J': { 'instruction-slots': '1600', 'warps-needed': '80', 'warp-deficit': '16', 'ilp-needed': '25' },
  'execution-model/G': { 'warps-needed': '40', 'latency-hidden': 'yes', 'warp-margin': '24' },
  'execution-model/H': { 'warps-needed': '80', 'latency-hidden': 'no', 'warp-deficit': '16' },
  'execution-model/J': {
    'reg-ceiling': '32', 'max-resident-threads': '1638', 'resident-warps': '51', 'warps-lost': '12.8125',
    'warps-per-cycle': '4', 'warp-instruction-cycles': '1',
  },
};

for (const [key, figures] of Object.entries(presets)) {
  test(`preset ${key} shows the seed's numbers`, async ({ app, page }) => {
    await app.open(`?example=${key}`);
    await expect(page.locator(`[data-example="${key}"]`)).toBeVisible();
    for (const [metric, value] of Object.entries(figures)) {
      await expect(app.figure(metric), metric).toHaveAttribute('data-value', value);
    }
    await expect(page.locator('[data-worked] .verify').first()).toContainText('✓');
  });
}

test('simulation and formula agree, and the animation steps and plays', async ({ app, page }) => {
  await app.open('?example=warp-scheduling/J&forecast=0');
  await expect(app.figure('simulated-utilization')).toHaveAttribute('data-value', '0.8');
  await expect(app.figure('predicted-utilization')).toHaveAttribute('data-value', '0.8');
  const cycle = page.locator('[data-cycle]');
  await expect(cycle).toHaveAttribute('data-cycle', '48');
  await page.locator('[data-action="step"]').click();
  await expect(cycle).toHaveAttribute('data-cycle', '49');
  await page.locator('[data-action="play"]').click();
  await expect.poll(async () => Number(await cycle.getAttribute('data-cycle'))).toBeGreaterThan(52);
  await page.locator('[data-action="play"]').click();
  await expect(page.locator('[data-chart="utilization-by-warps"] svg')).toHaveAttribute('aria-label', /saturates at 100 % from 80 warps/);
});

test('a slider moves every figure and the URL', async ({ app, page }) => {
  await app.open('?panel=latency&S=4&L=200&W=20');
  await page.locator('[data-slider="W"]').fill('10');
  await expect(app.figure('warps-needed')).toHaveAttribute('data-value', '80');
  await expect(page).toHaveURL(/L=200&W=10&S=4|W=10/);
});

test('hardware mode applies the Occupancy Calculator rules', async ({ app }) => {
  await app.open('?panel=latency&S=4&L=200&W=20&regs=40&mode=hardware&cc=8.0');
  await expect(app.figure('regs-per-warp')).toHaveAttribute('data-value', '1280');
  await expect(app.figure('resident-warps')).toHaveAttribute('data-value', '48');
  await expect(app.figure('limiting-factor')).toHaveAttribute('data-value', 'registers');
  await expect(app.figure('warps-available')).toHaveAttribute('data-value', '48');
});

const bad: [string, string, string][] = [
  ['?panel=latency&W=0', 'W', 'from 1'],
  ['?panel=latency&L=-5', 'L', 'from 1 to 100000'],
  ['?panel=latency&L=x', 'L', 'whole number'],
  ['?panel=latency&mode=hardware&regs=300', 'regs', 'from 1 to 255'],
  ['?panel=latency&mode=hardware&cc=5.0', 'cc', '8.0'],
  ['?panel=latency&policy=lottery', 'policy', 'gto'],
];
for (const [query, param, text] of bad) {
  test(`${query} names ${param}`, async ({ app }) => {
    await app.open(query);
    await expect(app.error(param)).toContainText(text);
  });
}
