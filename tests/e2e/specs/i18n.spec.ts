import { test, expect } from './fixtures';

// lang=en|hinglish: one catalogue per language, <html lang> en / hi-Latn, a switch that keeps
// every parameter. Figures (data-metric / data-value) are the same in both languages.

const pages = [
  './',
  '?example=warp-scheduling/C',
  '?panel=warps&block=100&n=1000&thread=5&warp=1',
  '?example=divergence/C5',
  '?example=execution-model/E',
  '?example=execution-model/J',
  '?panel=latency',
  '?panel=coalescing',
  '?panel=quiz&seed=4&count=5',
  '?panel=gpu',
  '?panel=kernel',
  '?panel=warps&block=2000&n=-3',
];

for (const q of pages) {
  test(`Hinglish page has no missing message: ${q}`, async ({ app, page }) => {
    await app.open(q + (q.includes('?') ? '&' : '?') + 'lang=hinglish');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-Latn');
    await page.waitForTimeout(200);
    const body = await page.locator('body').innerText();
    expect(body).not.toContain('⟦');
    expect(body).not.toContain('missing message');
    // Words of English sentences that Hinglish sentences never use.
    for (const w of [' The ', ' must ', ' because ', ' which ', ' cannot ', ' would ', ' there ']) {
      expect(body, `"${w}" on ${q}`).not.toContain(w);
    }
  });
}

test('figures are the same numbers in both languages; the words are not', async ({ app, page }) => {
  // The figures are drawn once the page's bundle has run: wait for them before reading (a
  // fresh machine's first load of the Hinglish bundle once read none).
  const read = async () => {
    await expect(page.locator('[data-metric="warps-per-block"]')).toHaveCount(1);
    return page.locator('[data-metric]').evaluateAll((els) =>
      els.map((e) => `${e.getAttribute('data-metric')}=${e.getAttribute('data-value')}`));
  };
  await app.open('?example=warp-scheduling/B');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const en = await read();
  const enSteps = await page.locator('.worked').first().innerText();
  await app.open('?example=warp-scheduling/B&lang=hinglish');
  const hi = await read();
  const hiSteps = await page.locator('.worked').first().innerText();
  expect(en.length).toBeGreaterThan(3);
  expect(hi).toEqual(en);
  expect(hiSteps).not.toEqual(enSteps);
  expect(hiSteps.toLowerCase()).toContain('kyun');
});

test('the switch keeps the learner\'s inputs and comes back', async ({ app, page }) => {
  await app.open('?panel=warps');
  await app.field('block-x').fill('48');
  await app.field('block-y').fill('4');
  await expect(page).toHaveURL(/block=48,4/);
  await page.locator('.lang-switch a[data-lang="hinglish"]').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-Latn');
  await expect(page).toHaveURL(/\/hinglish\/warps\/with\/\?block=48,4$/);
  await expect(app.field('block-y')).toHaveValue('4');
  await expect(app.figure('warps-per-block')).toHaveAttribute('data-value', '6');
  await expect(page.locator('.lang-switch a[data-lang="hinglish"]').first()).toHaveAttribute('aria-current', 'true');
  await app.field('block-y').fill('8');
  await page.locator('.lang-switch a[data-lang="en"]').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL(/block=48,8/);
  expect(page.url()).not.toContain('lang=');
});

test('an unknown language is named and the page speaks English', async ({ app, page }) => {
  await app.open('?panel=warps&lang=klingon');
  await expect(app.error('lang')).toBeVisible();
  await expect(app.error('lang')).toContainText('en or hinglish');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(app.figure('warps-per-block')).toHaveAttribute('data-value', '8');
});

test('errors in Hinglish still name the input and its range', async ({ app }) => {
  await app.open('?panel=warps&block=0&lang=hinglish');
  const e = app.error('block-x');
  await expect(e).toBeVisible();
  await expect(e).toContainText('block-x');
  await expect(e).toContainText('1024');
});

test('embedded panels take lang too', async ({ app, page }) => {
  await app.open('?example=divergence/C1&embed=1&lang=hinglish');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-Latn');
  // The full app's page of the same example, in Hinglish (its prerendered path, issue 42).
  await expect(page.locator('[data-action="open-full"]')).toHaveAttribute('href', 'hinglish/example/divergence/C1/');
});

test('links inside the app keep the language', async ({ app, page }) => {
  await app.open('?lang=hinglish');
  await page.locator('header nav a', { hasText: /./ }).first().click();
  // A prerendered page's path (issue 42): the Hinglish warps page.
  await expect(page).toHaveURL(/\/hinglish\/warps\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-Latn');
  await expect(page.locator('header a.brand')).toHaveAttribute('href', 'hinglish/');
  await app.open('?example=divergence/C7&lang=hinglish');
  const inSite = await page.locator('main a[href]:not([href^="http"])').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(inSite.length).toBeGreaterThan(0);
  for (const href of inSite) {
    expect(href.startsWith('hinglish/') || href.includes('lang=hinglish'), href).toBe(true);
  }
});

test('quiz answers given in English are kept and graded the same in Hinglish', async ({ app, page }) => {
  await app.open('?panel=quiz&topic=divergence&seed=3&count=9');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  const card = page.locator('[data-quiz-question]').filter({ has: page.locator('input[name=answer][type=text]') }).first();
  const qid = await card.getAttribute('data-qid');
  await card.locator('input[name=answer][type=text]').fill('999999');
  await card.locator('button[type=submit]').click();
  await expect(card.locator('[data-quiz-feedback]')).toHaveAttribute('data-correct', 'false');
  const englishFeedback = await card.locator('[data-quiz-feedback]').innerText();
  await page.locator('.lang-switch a[data-lang="hinglish"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-Latn');
  await expect(page).toHaveURL(/seed=3/);
  await expect(app.figure('quiz-score')).toHaveAttribute('data-value', '0/1');
  const same = page.locator(`[data-quiz-question][data-qid="${qid}"]`);
  await expect(same.locator('[data-quiz-feedback]')).toHaveAttribute('data-correct', 'false');
  expect(await same.locator('[data-quiz-feedback]').innerText()).not.toEqual(englishFeedback);
});
