import { test, expect } from './fixtures';

// Every classic with its four figures, worked by hand (crates/warp-model/src/banks/tests/evaluate.rs).
// The preset links open with forecast=0 (a forecast gate may hide answers on example links).
const presets: [string, string, string, string, string][] = [
  // [cell, wavefronts, ideal, conflicts, ways]
  ['stride-1', '1', '1', '0', '1'], // lane l → word l → bank l
  ['stride-2', '2', '1', '1', '2'], // lanes l and l + 16 share bank 2l mod 32
  ['stride-32', '32', '1', '31', '32'], // word 32l → bank 0 for every lane
  ['broadcast', '1', '1', '0', '1'], // one word, shared
  ['transpose-naive', '32', '1', '31', '32'], // tile[l][0]: word 32l → bank 0
  ['transpose-padded', '1', '1', '0', '1'], // word 33l → bank l
  ['transpose-xor', '1', '1', '0', '1'], // column 0 ^ l = l: word 33l → bank l
  ['doubles', '2', '2', '0', '1'], // two half-warps, each bank once per half
];
for (const [cell, w, i, c, k] of presets) {
  test(`banks/${cell}: ${w} wavefront(s), ${k}-way`, async ({ app }) => {
    await app.open(`?example=banks/${cell}&forecast=0`);
    await expect(app.figure('wavefronts')).toHaveAttribute('data-value', w);
    await expect(app.figure('ideal-wavefronts')).toHaveAttribute('data-value', i);
    await expect(app.figure('bank-conflicts')).toHaveAttribute('data-value', c);
    await expect(app.figure('conflict-ways')).toHaveAttribute('data-value', k);
  });
}

test('stride 32: one grid of 32 wavefront rows, bank 0 outlined, the why line names it', async ({ app, page }) => {
  await app.open('?panel=banks&stride=32');
  const picture = page.locator('[data-picture="banks"]');
  await expect(picture.locator('.phase')).toHaveCount(1);
  await expect(picture.locator('.phase .word')).toHaveCount(32);
  await expect(picture.locator('.phase .arrow')).toHaveCount(32);
  await expect(picture.locator('.phase .worst')).toHaveCount(1);
  await expect(picture.locator('.why-lines li')).toHaveText([
    'In the warp (lanes 0–31), bank 0 must deliver 32 different words: 32 wavefronts.',
  ]);
  await expect(page.locator('[data-profiler]')).toContainText('l1tex__data_bank_conflicts_pipe_lsu_mem_shared');
  const chart = page.locator('[data-chart="wavefronts-by-sweep"] svg');
  await expect(chart.locator('polyline')).toHaveCount(1);
  await expect(chart.locator('circle.marker')).toHaveCount(1);
  await expect(chart).toHaveAttribute('aria-label', /32 at stride 32, 1 at stride 33/);
});

test('doubles: two half-warp grids and two why lines', async ({ app, page }) => {
  await app.open('?panel=banks&elem=8&stride=2');
  // Stride 2 doubles: lane l reads words 4l, 4l + 1; in a half-warp banks 4l mod 32 and
  // 4l + 1 mod 32 hold 2 words each (lanes l and l + 8): 2 wavefronts a half, 4 in all.
  await expect(app.figure('wavefronts')).toHaveAttribute('data-value', '4');
  await expect(app.figure('ideal-wavefronts')).toHaveAttribute('data-value', '2');
  await expect(app.figure('bank-conflicts')).toHaveAttribute('data-value', '2');
  await expect(app.figure('conflict-ways')).toHaveAttribute('data-value', '2');
  await expect(page.locator('[data-picture="banks"] .phase')).toHaveCount(2);
  await expect(page.locator('.why-lines li')).toHaveCount(2);
});

test('the inputs drive the figures and the URL; tile= opens tile mode', async ({ app, page }) => {
  await app.open('?panel=banks&tile=32');
  await expect(app.figure('conflict-ways')).toHaveAttribute('data-value', '32');
  await app.field('pad').fill('1');
  await expect(app.figure('conflict-ways')).toHaveAttribute('data-value', '1');
  await expect(page).toHaveURL(/\/banks\/with\/\?tile=32&pad=1/);
  await expect(page.locator('[data-chart="wavefronts-by-sweep"] svg')).toHaveAttribute('aria-label', /32 with no padding, 1 padded by one element/);
});

const bad: [string, string, string][] = [
  ['?panel=banks&elem=3', 'elem', '1, 2, 4, 8 or 16'],
  ['?panel=banks&offset=2', 'offset', 'misaligned address'],
  ['?panel=banks&stride=5000', 'stride', 'from 0 to 4096'],
  ['?panel=banks&lanes=33', 'lanes', 'from 1 to 32'],
  ['?panel=banks&tile=24&swizzle=xor', 'swizzle', 'power-of-two'],
  ['?panel=banks&tile=32&walk=diagonal', 'walk', 'column or row'],
  ['?panel=banks&tile=2000', 'tile', 'from 1 to 1024'],
  ['?panel=banks&tile=32&pad=65', 'pad', 'from 0 to 64'],
];
for (const [query, param, text] of bad) {
  test(`${query} names ${param}`, async ({ app, page }) => {
    await app.open(query);
    await expect(app.error(param)).toContainText(text);
    await expect(page.locator('[data-panel="banks"] h1')).toBeVisible();
  });
}
