import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

// A learner's work is theirs (issue 65): with this browser's storage full, a challenge's code
// and the author page's draft were lost without a word. Each is now said, and stays on the page
// and in its address.

/** Every write of a key that starts with `prefix` throws, as a full storage's does. */
async function full(page: Page, prefix: string) {
  await page.addInitScript((p) => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k: string, v: string) {
      if (k.startsWith(p)) throw new DOMException('full', 'QuotaExceededError');
      return set.call(this, k, v);
    };
  }, prefix);
}

test('a challenge’s code this browser cannot keep is said, and stays on the page and in the address', async ({ app, page }) => {
  await full(page, 'warp-lab.code.');
  await app.open('?panel=kernel&challenge=add-ten');
  const said = page.locator('[data-code-not-kept]');
  await expect(said).toHaveCount(0);
  const code = '__global__ void add_ten(const int* in, int* out, int n) {\n    // mine\n}\n';
  await page.locator('#kernel-src').fill(code);
  await expect(said).toContainText('could not keep your code');
  await expect(said).toHaveAttribute('role', 'status');
  await expect(page.locator('#kernel-src')).toHaveValue(code);
  await expect.poll(() => new URL(page.url()).searchParams.get('src')?.trim()).toBe(code.trim());
});

test('in Hinglish too, and a browser that keeps it says nothing', async ({ app, page }) => {
  await app.open('?panel=kernel&challenge=add-ten&lang=hinglish');
  await page.locator('#kernel-src').fill('__global__ void add_ten(const int* in, int* out, int n) {}\n');
  await expect(page.locator('[data-code-not-kept]')).toHaveCount(0);
  const other = await page.context().newPage();
  await full(other, 'warp-lab.code.');
  await other.goto('?panel=kernel&challenge=add-ten&lang=hinglish');
  await other.locator('#kernel-src').fill('__global__ void add_ten(const int* in, int* out, int n) { }\n');
  await expect(other.locator('[data-code-not-kept]')).toContainText('rakh nahi paya');
  await other.close();
});

test('an author’s draft this browser cannot keep is said; the address holds it', async ({ app, page }) => {
  await full(page, 'warp-lab.author.');
  await app.open('?panel=author');
  await page.locator('input[name="assignment-title"]').fill('Week 3');
  await expect(page.locator('[data-draft-not-kept]')).toContainText('could not keep your draft');
  await expect.poll(() => new URL(page.url()).searchParams.get('title')).toBe('Week 3');
});
