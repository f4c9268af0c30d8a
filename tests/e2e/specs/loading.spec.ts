import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { PANELS, REGISTRY } from './registry';

// What a phone sees while the page loads: one bundle per page (the page's panel, in the page's
// language), the app's frame and a loading line from the HTML alone, and a clear message, never
// a blank page, when WebAssembly is missing or the download fails.

/** The wasm files the page asked for. */
function wasmRequests(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) names.push(r.url().split('/').pop()!); });
  return names;
}

const pages: [string, string][] = [
  ['./', 'home-en-'],
  // Every panel of the registry, and the tools' pages (an assignment without steps opens no
  // frame, so its own bundle is the only one), each with the bundle registry.json names.
  ...PANELS.map((p): [string, string] => [p.name === 'quiz' ? '?panel=quiz&seed=1' : `?panel=${p.name}`, `${p.bundle}-en-`]),
  ...REGISTRY.tools.map((t): [string, string] => [`?${t.query}`, `${t.bundle}-en-`]),
  ['?panel=latency&lang=hinglish', 'latency-hinglish-'],
  ['?example=divergence/c4', 'divergence-en-'],
  ['?example=execution-model/I&panel=latency', 'warps-en-'],
  ['?panel=nope', 'home-en-'],
];

for (const [query, bundle] of pages) {
  test(`${query} downloads one bundle, ${bundle}…`, async ({ app, page }) => {
    const asked = wasmRequests(page);
    await app.open(query);
    // Drawn: a figure (hidden, with its value, while an example's Forecast waits) or the home view.
    await expect(page.locator('[data-metric], [data-panel="home"] .cards, [data-panel="author"]').first()).toBeAttached();
    await expect(page.locator('main section, [data-panel="home"]').first()).toBeVisible();
    // The page's own bundle only: the kernel lab's runs go to its run worker (issue 65), but
    // its default run comes with the prerendered page (`data-ran`), so no worker starts for it.
    expect(asked).toHaveLength(1);
    expect(asked[0].startsWith(bundle)).toBe(true);
    await expect(page.locator('#boot')).toHaveCount(0);
  });
}

test('before the wasm arrives, the HTML shows the frame and a loading line in the page\'s language', async ({ page }) => {
  // A state no page's markup shows (settings), sent on to its page (issue 63): the page's
  // markup is hidden, and the frame says the app is loading.
  for (const [query, words] of [['?panel=warps&block=48', 'Loading Warp Lab'], ['?panel=warps&block=48&lang=hinglish', 'load ho raha hai']]) {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => { release = r; });
    await page.route('**/*.wasm', async (route) => { await held; await route.continue(); });
    await page.goto(query);
    await expect(page.locator('#boot header.site .brand')).toHaveText('Warp Lab');
    await expect(page.locator('#boot-status')).toContainText(words);
    await expect(page.locator('html')).toHaveAttribute('lang', query.includes('hinglish') ? 'hi-Latn' : 'en');
    release();
    await expect(page.locator('[data-metric]').first()).toBeVisible();
    await page.unroute('**/*.wasm');
  }
});

test('an embedded page loads without the site header', async ({ page }) => {
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto('?panel=warps&embed=1');
  await expect(page.locator('#boot header.site')).toBeHidden();
  await expect(page.locator('#boot-status')).toHaveAttribute('data-boot-error', '');
});

test('a failed download says so and what to do, in the page\'s language', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto('?panel=divergence');
  const status = page.locator('#boot-status');
  await expect(status).toHaveAttribute('data-boot-error', '');
  await expect(status).toHaveAttribute('role', 'alert');
  await expect(status).toContainText('could not be loaded');
  await expect(status).toContainText('reload the page');
  await page.goto('?panel=divergence&lang=hinglish');
  await expect(status).toContainText('load nahi ho paya');
  expect(errors).toEqual([]);
});

test('a browser without WebAssembly is told, not shown a blank page', async ({ page }) => {
  await page.addInitScript(() => { delete (window as { WebAssembly?: unknown }).WebAssembly; });
  await page.goto('?panel=warps');
  const status = page.locator('#boot-status');
  await expect(status).toHaveAttribute('data-boot-error', 'no-wasm');
  await expect(status).toContainText('cannot run WebAssembly');
});

test('an exception while the loader picks or fetches a bundle ends in the failure message', async ({ page }) => {
  // Issue 33: an exception in the loader itself (there, a route to a bundle the build lacked)
  // escaped and left the page on "Loading…". Here fetch throws where the download starts.
  await page.addInitScript(() => {
    window.fetch = () => { throw new Error('fetch is broken here'); };
  });
  for (const [query, words] of [['./', 'could not be loaded (fetch is broken here)'], ['?panel=warps&lang=hinglish', 'load nahi ho paya (fetch is broken here)']]) {
    await page.goto(query);
    const status = page.locator('#boot-status');
    await expect(status).toHaveAttribute('data-boot-error', '');
    await expect(status).toHaveAttribute('role', 'alert');
    await expect(status).toContainText(words);
  }
});
