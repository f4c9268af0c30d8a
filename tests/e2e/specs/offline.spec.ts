import { test, expect } from './fixtures';
import { PRERENDERED, REGISTRY } from './registry';
import type { Page } from '@playwright/test';

// After a first visit the app works offline: the service worker keeps every page's bundle in
// the visit's language, and a later visit opens from its cache without the network. Each
// deployment's files live in a cache named after it; an older deployment's cache goes when a
// newer worker takes over, so a page never meets another version's wasm.
test.use({ serviceWorkers: 'allow' });

async function firstVisit(page: Page, query: string) {
  await page.goto(query);
  await expect(page.locator('[data-metric], [data-gpu-status]').first()).toBeVisible();
  // Wait until the worker is active and its cache holds what it installs.
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    while (!reg.active || reg.active.state !== 'activated') await new Promise((r) => setTimeout(r, 50));
  });
}

test('after a first visit, every page opens offline', async ({ page, context }) => {
  await firstVisit(page, '?panel=warps&block=32,32');
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('warp-lab-'))!);
    return (await cache.keys()).map((r) => new URL(r.url).pathname.split('/').pop());
  });
  // The page, the favicon, the file list, and every bundle (home, the tools' and each panel's
  // with its other bundles, a challenge's page's, as registry.json names them; js and wasm each)
  // in English, and each worker's bundle and
  // starting script (issue 43: a challenge checks offline too; issue 46: a quiz's solutions;
  // issue 65: the kernel lab runs offline too; issue 69: its GPU run).
  const bundles = new Set(['home', ...REGISTRY.panels.flatMap((p) => [p.bundle, ...p.also]), ...REGISTRY.tools.map((t) => t.bundle)]);
  expect(bundles.size).toBeGreaterThanOrEqual(11);
  expect(cached.filter((n) => n!.includes('-en-'))).toHaveLength(2 * bundles.size + 12);
  expect(cached.filter((n) => /^check-(worker-)?en-/.test(n!))).toHaveLength(3);
  expect(cached.filter((n) => /^solve-(worker-)?en-/.test(n!))).toHaveLength(3);
  expect(cached.filter((n) => /^run-(worker-)?en-/.test(n!))).toHaveLength(3);
  // Issue 69: the kernel lab's GPU run, its bundle's two files and its starting script.
  expect(cached.filter((n) => /^gpu-(run|worker)-en-/.test(n!))).toHaveLength(3);
  expect(cached.filter((n) => n!.includes('-hinglish-'))).toHaveLength(0);
  await context.setOffline(true);
  // The kernel lab's run is its run worker's, from the cache too (issue 65).
  for (const [query, metric] of [['?panel=warps&block=32,32', 'warps-per-block'], ['?panel=latency', 'warps-needed'], ['?example=divergence/C1&forecast=0', 'efficiency'], ['?panel=kernel&block=64', 'warps-run']]) {
    await page.goto(query);
    await expect(page.locator(`[data-metric="${metric}"]`)).toBeVisible();
  }
  await page.goto('./');
  await expect(page.locator('[data-panel="home"] .cards')).toBeVisible();
  // The prerendered pages of the visit's language, each under its folder's address: the
  // markup, then the live app, offline (issue 42).
  for (const [path, metric] of [['warps/', 'warps-per-block'], ['example/divergence/C1/', 'diverged-cycles']]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
    await expect(page.locator(`[data-metric="${metric}"]`)).toBeAttached();
  }
  await context.setOffline(false);
});

test('the worker keeps the prerendered pages of the visit\'s language, embeds when opened', async ({ page }) => {
  await firstVisit(page, 'warps/');
  const pages = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('warp-lab-'))!);
    return (await cache.keys()).map((r) => new URL(r.url).pathname).filter((p) => p.endsWith('/') && p !== '/');
  });
  const english = PRERENDERED.filter((p) => p.lang === 'en' && p.path !== '' && !p.query.includes('embed=1'));
  expect(pages.sort()).toEqual(english.map((p) => '/' + p.path).sort());
});

test('a Hinglish visit keeps the Hinglish bundles', async ({ page, context }) => {
  await firstVisit(page, '?panel=coalescing&lang=hinglish');
  await context.setOffline(true);
  await page.goto('?panel=kernel&lang=hinglish');
  await expect(page.locator('[data-metric="warps-run"]')).toBeVisible();
  await context.setOffline(false);
});

test('a newer worker removes the caches of older deployments', async ({ page }) => {
  // A cache an earlier deployment would have left behind, there before this page's worker.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    caches.open('warp-lab-0000000000000000').then((c) => c.put('./old.txt', new Response('old')));
  });
  await firstVisit(page, '?panel=gpu');
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('warp-lab-'))))
    .toHaveLength(1);
  const left = await page.evaluate(async () => caches.keys());
  expect(left).not.toContain('warp-lab-0000000000000000');
});

// Issue 65: offline, an address the worker cannot give is the site's 404 page, kept at install:
// an unknown one named as such, a page of the site not kept yet said to be one.
test('offline, an address the worker cannot give is the site\'s 404 page', async ({ page, context }) => {
  await firstVisit(page, 'warps/');
  await context.setOffline(true);
  await page.goto('nope/');
  await expect(page.locator('h1').first()).toHaveText('No page at this address');
  await expect(page.locator('[data-address]').first()).toHaveText('/nope/');
  // An embed's page is kept only once opened: offline before that, the page says why.
  await page.goto('embed/warps/');
  await expect(page.locator('[data-offline]').first()).toBeVisible();
  await context.setOffline(false);
});
