import { test, expect } from './fixtures';
import { APP } from './ports';

// Issue 65, way 2: every address is a page. An address the site has no page for is its
// 404.html (a 404, as static hosts send it): it names the address in both languages, suggests
// the page meant (case, a repeated folder) or the nearest folder that holds pages, and links
// home; a folder that holds pages but has none of its own lists them.

// Each address, what the 404 page suggests (null: nothing).
const MISSING: [string, string | null][] = [
  ['nope/', null],
  ['warps/nope/', 'warps/'],
  ['WARPS/', 'warps/'],
  ['example/divergence/C99/', 'example/divergence/'],
  ['example/divergence/c1/', 'example/divergence/C1/'],
  ['hinglish/hinglish/warps/', 'hinglish/warps/'],
  ['embed/embed/warps/', 'embed/warps/'],
];

for (const [path, meant] of MISSING) {
  test(`an unknown address is a page that names it: ${path}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response!.status()).toBe(404);
    await expect(page.locator('h1').first()).toHaveText('No page at this address');
    await expect(page.locator('[lang="hi-Latn"] h1')).toHaveText('Is address par koi page nahi hai');
    await expect(page.locator('[data-address]').first()).toHaveText(`/${path}`);
    const suggestion = page.locator('[data-suggestion]').first();
    if (meant === null) {
      // The root found (the file list answered at /): home is the site's.
      await expect.poll(() => page.evaluate(() => document.baseURI)).toBe(APP);
      await expect(page.locator('[data-suggest]').first()).toBeHidden();
    } else {
      await expect(suggestion).toHaveText(meant);
      await suggestion.click();
      await expect(page).toHaveURL(APP + meant);
    }
  });
}

test('a payload in an unknown address stays text', async ({ page }) => {
  const path = 'nope/%3Cimg%20src=x%20onerror=alert(1)%3E/';
  let dialogs = 0;
  page.on('dialog', (d) => { dialogs += 1; void d.dismiss(); });
  await page.goto(path + '?x=%3Cscript%3Ealert(2)%3C/script%3E');
  await expect(page.locator('[data-address]').first()).toHaveText('/nope/<img src=x onerror=alert(1)>/?x=<script>alert(2)</script>');
  await expect(page.locator('[data-not-found] img')).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test('the 404 page\'s home link works from any depth under a site on a sub-path', async ({ page }) => {
  const root = new URL('sub/dir/', APP).href;
  const response = await page.goto(root + 'nope/deeper/');
  expect(response!.status()).toBe(404);
  // The root found by the site's file list: home is /sub/dir/, and so is every panel.
  await expect.poll(() => page.evaluate(() => document.baseURI)).toBe(root);
  await expect(page.locator('[data-panels] a[href="./warps/"]')).toHaveCount(1);
  await page.locator('[data-action=home]').first().click();
  await expect(page).toHaveURL(root);
  await expect(page.locator('html[data-app="live"]')).toBeAttached();
});

test('a folder that holds pages lists them, in its language', async ({ page }) => {
  for (const [folder, link, words] of [
    ['example/', 'divergence/C1/', 'What is under /example/'],
    ['example/divergence/', 'C1/', 'What is under /example/divergence/'],
    ['embed/', 'warps/', 'What is under /embed/'],
    ['hinglish/embed/', 'warps/', '/hinglish/embed/ ke neeche kya hai'],
  ]) {
    const response = await page.goto(folder);
    expect(response!.status(), folder).toBe(200);
    await expect(page.locator('h1')).toHaveText(words);
    await expect(page.locator(`[data-folder] a[href="./${link}"]`), folder).toHaveCount(1);
  }
  // A listed page opens.
  await page.goto('example/');
  await page.locator('a[href="./divergence/C1/"]').click();
  await expect(page).toHaveURL(APP + 'example/divergence/C1/');
  await expect(page.locator('html[data-app="live"]')).toBeAttached();
});
