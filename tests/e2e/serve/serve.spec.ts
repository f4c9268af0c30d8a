import { test, expect, type Page } from '@playwright/test';

// What `cargo xtask serve` serves (issue 33): the README's first command must open on pages
// that draw. xtask passes the registry's panels (SERVE_PANELS) and a worked example
// (SERVE_EXAMPLE), so a panel added to the registry is checked here without a list to edit.
const panels = (process.env.SERVE_PANELS ?? '').split(',').filter(Boolean);
const example = process.env.SERVE_EXAMPLE ?? '';

test('xtask named the registry\'s panels and an example', () => {
  // Without them this file would check only the home view and pass.
  expect(panels.length).toBeGreaterThanOrEqual(8);
  expect(panels).toContain('kernel');
  expect(example).toMatch(/^[\w-]+\/\w+$/);
});

/** Opens `query` and waits for what the page draws first; fails on any page error. */
async function drawn(page: Page, query: string) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  await page.goto(query);
  // The loader's boot frame goes once the app has mounted; a failure would leave its message.
  await expect(page.locator('#boot-status[data-boot-error]')).toHaveCount(0);
  await expect(page.locator('#boot')).toHaveCount(0, { timeout: 60_000 });
  return errors;
}

const pages: [string, string][] = [
  ['./', '[data-panel="home"] [data-start-here] [data-lesson]'],
  ['?lang=hinglish', '[data-panel="home"] [data-start-here] [data-lesson]'],
  ...panels.map((p): [string, string] => [`?panel=${p}`, '[data-metric]']),
  [`?example=${example}`, '[data-metric]'],
  [`?example=${example}&lang=hinglish`, '[data-metric]'],
  // The two pages that are not panels: an assignment (its step in a frame) and the author page.
  [`?assignment=1&step=${encodeURIComponent(`example=${example}`)}`, '[data-metric="assignment-score"]'],
  ['?panel=author', '[data-panel="author"]'],
];

for (const [query, first] of pages) {
  test(`${query} draws`, async ({ page }) => {
    const errors = await drawn(page, query);
    // An example's figures stay hidden until the Forecast is revealed, but they are there.
    await expect(page.locator(first).first()).toBeAttached();
    await expect(page.locator('main').first()).toBeVisible();
    if (query.includes('hinglish')) await expect(page.locator('html')).toHaveAttribute('lang', 'hi-Latn');
    expect(errors, 'page errors').toEqual([]);
  });
}

test('the home view names every panel and the seven lessons', async ({ page }) => {
  await drawn(page, './');
  // Map, divergence, latency, coalescing, the two memory lessons (issue 68), the quiz.
  await expect(page.locator('[data-start-here] [data-lesson]')).toHaveCount(7);
  for (const p of panels) await expect(page.locator(`a[href*="panel=${p}"]`).first()).toBeAttached();
});

test('an exception in the loader ends in its failure message, not on "Loading…"', async ({ page }) => {
  // fetch throwing where the loader starts the download: an exception inside the loader itself.
  await page.addInitScript(() => {
    window.fetch = () => { throw new Error('fetch is broken here'); };
  });
  await page.goto('./');
  const status = page.locator('#boot-status');
  await expect(status).toHaveAttribute('data-boot-error', '');
  await expect(status).toHaveAttribute('role', 'alert');
  await expect(status).toContainText('could not be loaded (fetch is broken here)');
  await expect(status).toContainText('reload the page');
});
