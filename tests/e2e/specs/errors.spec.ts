import { test, expect } from './fixtures';

// Bad URL parameters: each gets a named error, and the page around it keeps working.
const bad: [string, string, string][] = [
  ['?panel=warps&block=2000', 'block-x', 'from 1 to 1024'],
  ['?panel=warps&block=32,0', 'block-y', 'from 1 to 1024'],
  ['?panel=warps&block=1,1,65', 'block-z', 'from 1 to 64'],
  ['?panel=warps&block=64,32', 'block', 'at most 1024'],
  ['?panel=warps&block=abc', 'block-x', 'whole number'],
  ['?panel=warps&block=8,4,3&thread=96', 'thread', '0 to 95'],
  ['?panel=warps&block=100&warp=9', 'warp', '0 to 3'],
  ['?panel=warps&block=256&n=-3', 'n', '0 blocks'],
  ['?panel=warps&n=18446744073709551616', 'n', 'too large'],
  ['?panel=warps&image=12', 'image', 'WxH'],
  ['?panel=nope', 'panel', 'warps, divergence'],
  ['?example=warp-scheduling/Z', 'example', 'allowed A, B, C, C2'],
  ['?example=cooking/A', 'example', 'warp-scheduling'],
];

for (const [query, param, text] of bad) {
  test(`${query} names ${param}`, async ({ app, page }) => {
    await app.open(query);
    await expect(app.error(param)).toContainText(text);
    await expect(page.locator('header nav')).toBeVisible();
  });
}

test('a typed mistake is named, keeps the text, and clears when fixed', async ({ app }) => {
  await app.open('?panel=warps&block=48,4');
  await app.field('block-x').fill('4o');
  await expect(app.error('block-x')).toContainText('“4o”');
  await expect(app.field('block-x')).toHaveValue('4o');
  await expect(app.field('block-x')).toHaveAttribute('aria-invalid', 'true');
  await app.field('block-x').fill('40');
  await expect(app.error('block-x')).toHaveCount(0);
  await expect(app.figure('threads-per-block')).toHaveAttribute('data-value', '160');
});

test('script payloads in parameters are shown as text, never run', async ({ app, page }) => {
  let ran = false;
  await page.exposeFunction('pwned', () => { ran = true; });
  const payload = encodeURIComponent('<img src=x onerror=pwned()><script>pwned()</script>');
  await app.open(`?panel=warps&block=${payload}&image=${payload}&n=${payload}`);
  await expect(app.error('block-x')).toContainText('<img');
  await app.open(`?panel=${payload}`);
  await expect(app.error('panel')).toBeVisible();
  expect(ran).toBe(false);
});
