import { test, expect } from './fixtures';

// Issue 66, tried as a learner would: the lab's challenges, the editor's indent rule, hints on
// failure and the author page's greeting, at the sizes where they failed, in both languages.

const langs = [
  { lang: 'en', q: '', challenges: /Challenges: 11 kernels/, lede: /^11 kernels to write/, next: 'Next: ', notLink: 'is not a Warp Lab link' },
  { lang: 'hinglish', q: '&lang=hinglish', challenges: /Challenges: likhne ke liye 11 kernels/, lede: /likhne ke liye 11 kernels\./, next: 'Aage: ', notLink: 'Warp Lab ka link nahi hai' },
];

for (const l of langs) {
  test.describe(`on a 390 × 844 phone (${l.lang})`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('the plain lab links its challenges, listed with their stars, counted from the list', async ({ app, page }) => {
      await app.open(`?panel=kernel${l.q}`);
      // Each challenge's best stars, as this browser kept them.
      await page.evaluate(() => localStorage.setItem('warp-lab.progress.stars', 'mirror:2'));
      const link = page.locator('[data-lab-challenges] a');
      await expect(link).toHaveText(l.challenges);
      const box = await link.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await link.click();
      await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
      const items = page.locator('.challenge-board [data-challenge-board] li');
      await expect(items).toHaveCount(11);
      await expect(page.locator('.challenge-board .start-lede')).toHaveText(l.lede);
      await expect(page.locator('[data-challenge="mirror"]')).toHaveAttribute('data-stars', '2');
      await expect(page.locator('[data-challenge="mirror"] .stars')).toHaveText('★★☆');
      await expect(page.locator('[data-challenge="add-ten"]')).toHaveAttribute('data-stars', '0');
      // A challenge's own page has its box, and no link to the list.
      await page.locator('[data-challenge="add-ten"] a').click();
      await expect(page.locator('section.challenge')).toBeVisible();
      await expect(page.locator('[data-lab-challenges]')).toHaveCount(0);
    });

    test('the home view counts its challenges from the list', async ({ app, page }) => {
      await app.open(l.q ? `?${l.q.slice(1)}` : '/');
      await expect(page.locator('.challenge-board .start-lede')).toHaveText(l.lede);
      await expect(page.locator('.challenge-board [data-challenge-board] li')).toHaveCount(11);
    });

    test('a failing check says what to try next', async ({ app, page }) => {
      await app.open(`?panel=kernel&challenge=add-ten${l.q}`);
      // tests/challenges/add-ten/wrong-no-guard.cu: no bounds guard.
      await page.locator('#kernel-src').fill('__global__ void add_ten(const int* in, int* out, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    out[i] = in[i] + 10;\n}');
      await page.locator('[data-action="check"]').click();
      await expect(page.locator('[data-challenge-failure]')).toBeVisible();
      await expect(page.locator('[data-challenge-next]')).toContainText(l.next);
      await expect(page.locator('[data-challenge-next]')).toContainText('if (i < n)');
    });

    test('an empty author page says how to start, and names words that are no link', async ({ app, page }) => {
      await app.open(`?panel=author${l.q}`);
      await expect(page.locator('[data-author-empty]')).toBeVisible();
      await expect(page.locator('[data-error="step"]')).toHaveCount(0);
      await page.locator('input[name="step-link"]').fill('hello world');
      await page.locator('[data-action="add-step"]').click();
      await expect(app.error('step-link')).toContainText(l.notLink);
      await expect(app.error('step-link')).toContainText('/coalescing/with/?stride=2');
      // The address the app writes for a view with settings is a step.
      await page.locator('input[name="step-link"]').fill('https://example.edu/gpu/warps/with/?block=64');
      await page.locator('[data-action="add-step"]').click();
      await expect(page.locator('[data-author-step="1"] .step-query')).toHaveText('panel=warps&block=64');
      await expect(page.locator('[data-author-empty]')).toHaveCount(0);
    });
  });
}

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the editor: Enter after { then Tab stays at one step, Shift+Tab goes back, 15 px type', async ({ app, page }) => {
    await app.open('?panel=kernel');
    const area = page.locator('#kernel-src');
    await area.fill('');
    await area.focus();
    await page.keyboard.type('void k() {');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('if (x) {');
    await page.keyboard.press('Enter');
    await page.keyboard.type('y();');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('}');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('}');
    await expect(area).toHaveValue('void k() {\n    if (x) {\n        y();\n    }\n}');
    const size = await area.evaluate((a) => parseFloat(getComputedStyle(a).fontSize));
    expect(size).toBeGreaterThanOrEqual(15);
  });
});
