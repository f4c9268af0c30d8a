import { PANEL_NAMES } from './registry';
import { EXAMPLES } from './examples';
import { test, expect } from './fixtures';
import { APP } from './ports';

test('the address bar follows the controls and reloads to the same view', async ({ app, page }) => {
  await app.open('?panel=warps');
  await app.field('block-x').fill('48');
  await app.field('block-y').fill('4');
  await app.more();
  await app.field('warp').fill('1');
  await expect(page).toHaveURL(/\/warps\/with\/\?block=48,4&warp=1$/);
  await page.reload();
  await expect(app.field('block-y')).toHaveValue('4');
  await expect(app.figure('warp-straddles-rows')).toHaveAttribute('data-value', 'yes');
});

test('changing a preset turns its link into explicit parameters', async ({ app, page }) => {
  await app.open('?example=execution-model/B');
  await app.field('n').fill('1056');
  await expect(page).toHaveURL(/\/warps\/with\/\?block=256&n=1056$/);
  expect(page.url()).not.toContain('example=');
  await expect(app.figure('ragged-block')).toHaveAttribute('data-value', '4');
  await expect(page.locator('.preset .note')).toContainText('Back to the preset');
});

test('unknown parameters pass through untouched', async ({ app, page }) => {
  await app.open('?panel=warps&block=64&future=kept');
  await app.field('block-x').fill('96');
  await expect(page).toHaveURL(/future=kept/);
});

test('cells of the map explain themselves on hover and by keyboard', async ({ app, page }) => {
  await app.open('?panel=warps&block=48,4');
  await page.locator('[data-linear="63"]').hover();
  await expect(page.locator('[data-inspect]')).toContainText('thread (15, 1, 0)');
  await expect(page.locator('[data-inspect]')).toContainText('warp 1, lane 31');
  await page.mouse.move(0, 0);
  await page.locator('.slices').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-inspect]')).toContainText('thread (1, 1, 0)');
  await page.keyboard.press('Enter');
  await expect(app.figure('thread-warp')).toHaveAttribute('data-value', '1');
  await expect(page).toHaveURL(/thread=49/);
});

test('home reaches every panel and every example', async ({ app, page }) => {
  await app.open('./');
  // Each at its prerendered page's path (issue 42).
  for (const name of PANEL_NAMES) {
    await expect(page.locator(`main .cards a[href="${name}/"]`)).toBeVisible();
  }
  await expect(page.locator('main .cards a')).toHaveCount(PANEL_NAMES.length);
  await expect(page.locator('main .examples a[href^="example/"]')).toHaveCount(EXAMPLES.length);
  await page.locator('main .cards a[href="warps/"]').click();
  await expect(app.figure('warps-per-block')).toHaveAttribute('data-value', '8');
});

test('the site works from a sub-path', async ({ app, page }) => {
  await app.open('/gpu/warplab/?example=warp-scheduling/B');
  await expect(app.figure('idle-lanes-per-block')).toHaveAttribute('data-value', '28');
  await page.locator('header a.brand').click();
  await expect(page).toHaveURL(`${APP}gpu/warplab/`);
});

test('launch pictures: a ragged block strip and an image grid', async ({ app, page }) => {
  await app.open('?example=execution-model/B');
  await expect(page.locator('[data-launch="n"] .blk')).toHaveCount(4);
  await expect(page.locator('[data-launch="n"] .blk.ragged')).toHaveCount(1);
  await app.open('?example=execution-model/I');
  await expect(page.locator('[data-launch="image"] svg')).toHaveAttribute('aria-label', /8 extra thread rows/);
});
