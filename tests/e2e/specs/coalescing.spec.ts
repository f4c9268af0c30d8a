import { test, expect } from './fixtures';

test('execution-model/D: one transaction, η = 1', async ({ app, page }) => {
  await app.open('?example=execution-model/D');
  await expect(app.figure('transactions')).toHaveAttribute('data-value', '1');
  await expect(app.figure('useful-bytes')).toHaveAttribute('data-value', '128');
  await expect(app.figure('moved-bytes')).toHaveAttribute('data-value', '128');
  await expect(app.figure('efficiency')).toHaveAttribute('data-value', '1');
  await expect(page.locator('[data-picture="memory"] .segment')).toHaveCount(1);
});

test('execution-model/E: 32 transactions, η = 1/32, and less waste in sectors', async ({ app, page }) => {
  await app.open('?example=execution-model/E&forecast=0');
  await expect(app.figure('transactions')).toHaveAttribute('data-value', '32');
  await expect(app.figure('moved-bytes')).toHaveAttribute('data-value', '4096');
  await expect(app.figure('efficiency')).toHaveAttribute('data-value', '0.03125');
  await expect(page.locator('[data-worked] .verify').first()).toContainText('0 < η ≤ 1');
  await page.getByRole('button', { name: '32-byte sectors' }).click();
  await expect(app.figure('efficiency')).toHaveAttribute('data-value', '0.125');
  await expect(page).toHaveURL(/\/coalescing\/\?.*stride=32&line=32/);
  await expect(page.locator('[data-chart="efficiency-by-stride"] svg')).toHaveAttribute('aria-label', /current stride 32 gives 12.5%/);
});

test('the chart is drawn: one curve a segment size, 64 strides each, the current stride marked', async ({ app, page }) => {
  await app.open('?panel=coalescing&stride=8');
  const chart = page.locator('[data-chart="efficiency-by-stride"] svg');
  await expect(chart.locator('polyline')).toHaveCount(3);
  const points = await chart.locator('polyline').first().getAttribute('points');
  expect(points!.trim().split(/\s+/)).toHaveLength(64);
  await expect(chart.locator('circle.marker')).toHaveCount(1);
  const box = await chart.boundingBox();
  expect(box!.width).toBeGreaterThan(200);
});

test('2-D and struct views derive the stride', async ({ app }) => {
  await app.open('?panel=coalescing&matrix=1024&walk=column');
  await expect(app.figure('transactions')).toHaveAttribute('data-value', '32');
  await app.choice('walk').selectOption('row');
  await expect(app.figure('transactions')).toHaveAttribute('data-value', '1');
  await app.open('?panel=coalescing&fields=4&field=2&layout=aos');
  await expect(app.figure('efficiency')).toHaveAttribute('data-value', '0.25');
  await app.choice('layout').selectOption('soa');
  await expect(app.figure('efficiency')).toHaveAttribute('data-value', '1');
});

const bad: [string, string, string][] = [
  ['?panel=coalescing&elem=3', 'elem', '1, 2, 4, 8 or 16'],
  ['?panel=coalescing&line=100', 'line', '128, 64 or 32'],
  ['?panel=coalescing&lanes=33', 'lanes', 'from 1 to 32'],
  ['?panel=coalescing&stride=-2', 'stride', 'from 0 to 4096'],
  ['?panel=coalescing&matrix=64&walk=up', 'walk', 'row or column'],
  // Keys of a shape the link does not open (issue 65: each was taken without a word).
  ['?panel=coalescing&stride=abc&matrix=8', 'stride', 'this link sets it by matrix'],
  ['?panel=coalescing&walk=column', 'walk', 'read only when the access is set by matrix'],
  ['?panel=coalescing&field=1', 'field', 'read only when the access is set by fields'],
  ['?panel=coalescing&field=1&lang=hinglish', 'field', 'tabhi padha jaata hai jab access fields se set ho'],
];
for (const [query, param, text] of bad) {
  test(`${query} names ${param}`, async ({ app }) => {
    await app.open(query);
    await expect(app.error(param)).toContainText(text);
  });
}
