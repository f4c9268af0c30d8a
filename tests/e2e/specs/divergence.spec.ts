import { test, expect } from './fixtures';

// Every divergence preset with the numbers its seed derives.
const presets: Record<string, Record<string, string>> = {
  'divergence/C1': { 'paths-taken': '2', 'diverged-cycles': '21', 'ideal-cycles': '12', 'efficiency': '0.571429' },
  'divergence/C2': { 'diverged-cycles': '150', 'ideal-cycles': '100', 'efficiency': '0.666667' },
  'divergence/C3': { 'paths-taken': '1', 'diverged-cycles': '9', 'efficiency': '1' },
  'divergence/C4': { 'paths-taken': '32', 'diverged-cycles': '224', 'efficiency': '0.03125' },
  'divergence/C5': { 'diverged-cycles': '80', 'ideal-cycles': '30', 'efficiency': '0.375' },
  'divergence/C6': { 'loop-cycles': '20', 'useful-lane-iterations': '240', 'lane-utilization': '0.375' },
  'divergence/C7': { 'predicated-cycles': '7', 'branch-cycles': '9', 'predication-wins': 'yes' },
  'divergence/C8': { 'paths-taken': '4', 'diverged-cycles': '26', 'efficiency': '0.307692' },
  'divergence/C9': { 'diverged-cycles': '116', 'efficiency': '0.517241', 'compare-efficiency': '1' },
  // Per warp, as seed 003 Ex 10 step 2 reads it: 10 + 14 = 24, max(10, 14) = 14; totals over 4 warps.
  'divergence/C10': {
    'divergent-warps': '4', 'diverged-cycles': '24', 'ideal-cycles': '14', 'efficiency': '0.583333',
    'realigned-efficiency': '1', 'slowest-warp': '0', 'total-diverged-cycles': '96', 'total-ideal-cycles': '56',
  },
  'warp-scheduling/G': { 'diverged-cycles': '60', 'slowdown': '2' },
  'warp-scheduling/H': { 'diverged-cycles': '30', 'slowdown': '1' },
  'execution-model/F': { 'diverged-cycles': '28', 'lane-utilization': '0.5' },
};

for (const [key, figures] of Object.entries(presets)) {
  test(`preset ${key} shows the seed's numbers`, async ({ app, page }) => {
    await app.open(`?example=${key}`);
    await expect(page.locator(`[data-example="${key}"]`)).toBeVisible();
    await app.reveal();
    for (const [metric, value] of Object.entries(figures)) {
      await expect(app.figure(metric), metric).toHaveAttribute('data-value', value);
    }
    await expect(page.locator('[data-worked] .verify').first()).toContainText('✓');
    await expect(page.locator('[data-picture]').first()).toBeVisible();
  });
}

const bad: [string, string, string][] = [
  ['?panel=divergence&paths=12,-5', 'paths', 'item 2'],
  ['?panel=divergence&paths=', 'paths', 'empty'],
  [`?panel=divergence&paths=${Array(33).fill(1).join(',')}`, 'paths', 'at most 32'],
  ['?panel=divergence&paths=12,9&lanes=16,15', 'lanes', 'add up to 31'],
  ['?panel=divergence&counts=0,0', 'counts', 'at least one lane'],
  ['?panel=divergence&cond=idx%252%3D0&paths=10,14', 'cond', '=='],
  ['?panel=divergence&cond=idx<3&paths=10,14&warps=999', 'warps', 'from 1 to 256'],
];
for (const [query, param, text] of bad) {
  test(`${query} names ${param}`, async ({ app }) => {
    await app.open(query);
    await expect(app.error(param)).toContainText(text);
  });
}

test('the timeline: bars end to end, masks, the penalty, and a slider', async ({ app, page }) => {
  await app.open('?example=divergence/C1&forecast=0');
  await expect(page.locator('.penalty')).toContainText('penalty 9 cycles');
  await expect(page.locator('[data-path="1"] .mask .lane.live')).toHaveCount(16);
  await page.locator('[data-path="0"] input[type=range]').fill('30');
  await expect(app.figure('diverged-cycles')).toHaveAttribute('data-value', '39');
  await expect(page).toHaveURL(/\/divergence\/\?.*paths=30,9&lanes=16,16/);
  await page.locator('[data-path="0"]').getByRole('button', { name: /next path/ }).click();
  await expect(app.field('lanes')).toHaveValue('15,17');
});

test('condition mode: re-aligning the key takes efficiency to 100 %', async ({ app, page }) => {
  await app.open('?example=divergence/C10&forecast=0');
  await expect(page.locator('.warp-lanes.divergent')).toHaveCount(4);
  // The per-warp figures are one warp's, and the picture says which.
  await expect(page.locator('.warp-lanes.slowest')).toHaveAttribute('data-warp', '0');
  await page.locator('[data-action="realign"]').click();
  await expect(app.figure('efficiency')).toHaveAttribute('data-value', '1');
  await expect(app.field('cond')).toHaveValue('(idx / 32) % 2 == 0');
  await expect(page.locator('.warp-lanes.divergent')).toHaveCount(0);
  // Pure-if warps (10/10) and pure-else warps (14/14): the slowest is warp 1, 14 cycles.
  await expect(app.figure('diverged-cycles')).toHaveAttribute('data-value', '14');
  await expect(page.locator('.warp-lanes.slowest')).toHaveAttribute('data-warp', '1');
});

test('an untaken path is drawn as skipped', async ({ app, page }) => {
  await app.open('?example=divergence/C3');
  await expect(page.locator('[data-path="0"] .skipped')).toContainText('skipped');
});

test('modes are explicit: a radio group, only the active mode\'s inputs, and only those in the URL', async ({ app, page }) => {
  await app.open('?panel=divergence&paths=12,9&lanes=16,16&overhead=2');
  const mode = (v: string) => page.locator(`input[type=radio][name="mode"][value="${v}"]`);
  await expect(mode('paths')).toBeChecked();
  await expect(app.field('counts')).toHaveCount(0);
  await expect(app.field('cond')).toHaveCount(0);
  // The paths of a two-way branch are labelled if and else.
  await expect(page.locator('[data-path="0"] .row-label')).toContainText('if');
  await expect(page.locator('[data-path="1"] .row-label')).toContainText('else');
  // Loop mode opens on seed 003 Ex 6's trip counts: the warp runs the max, 20 iterations.
  await mode('loop').check();
  await expect(app.field('counts')).toHaveValue(/^20,3,3,7/);
  await expect(app.figure('loop-cycles')).toHaveAttribute('data-value', '20');
  await expect(app.field('paths')).toHaveCount(0);
  await expect(page).toHaveURL(/\/divergence\/\?counts=20,3,3,7[^&]*$/);
  // Condition mode: cond, Tif,Telse and warps; no lanes= left in the address.
  await mode('condition').check();
  await expect(app.field('cond')).toHaveValue('idx % 2 == 0');
  await expect(app.field('lanes')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('lanes')).toBeNull();
  // The two paths typed in paths mode serve as Tif,Telse: every warp diverges, 12 / (12 + 9).
  await expect(app.field('paths')).toHaveValue('12,9');
  await expect(app.figure('efficiency')).toHaveAttribute('data-value', '0.571429');
  // Back to paths: what the learner typed there is still there.
  await mode('paths').check();
  await expect(app.field('overhead')).toHaveValue('2');
  await expect(page).toHaveURL(/paths=12,9&lanes=16,16&overhead=2/);
});

test('after "Re-align" the focus stays on the button', async ({ app, page }) => {
  await app.open('?example=divergence/C10&forecast=0');
  const button = page.locator('[data-action="realign"]');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(app.figure('efficiency')).toHaveAttribute('data-value', '1');
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-disabled', 'true');
});

test('lane moves stop at the first and last path, never wrapping round', async ({ app, page }) => {
  // Issue 26: "◀ lane" on path 1 was enabled and moved a lane to the last path.
  await app.open('?panel=divergence&paths=12,9,5&lanes=10,10,12');
  const first = page.locator('[data-path="0"]');
  const last = page.locator('[data-path="2"]');
  await expect(first.locator('[data-action="lane-back"]')).toBeDisabled();
  await expect(last.locator('[data-action="lane-on"]')).toBeDisabled();
  await first.locator('[data-action="lane-on"]').click();
  await expect(page).toHaveURL(/lanes=9%2C11%2C12|lanes=9,11,12/);
  await last.locator('[data-action="lane-back"]').click();
  await expect(page).toHaveURL(/lanes=9%2C12%2C11|lanes=9,12,11/);
});
