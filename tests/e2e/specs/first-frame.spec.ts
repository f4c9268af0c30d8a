// A page's first frame for an address with settings (issue 63, src/frame.rs): such an address
// opens the page under its view's that carries the panel's first frame inline (`with/`); before
// the panel's bundle is live, the loader runs it on the address and writes what it returns into
// the prerendered markup, which then shows that state (`data-prerender="first"`).
// The live app then takes the page over: the same figures, field values, picture and worked
// steps, nothing moved (cumulative layout shift ≤ 0.02), what the learner typed carried over;
// in both languages, plain and embedded, on a phone and a desktop.
import { test, expect, type Page } from '@playwright/test';
import { APP } from './ports';

/** What a learner reads: every figure and its value, each field's value, the picture's and the worked steps' words. */
async function seen(page: Page) {
  return page.evaluate(() => ({
    figures: [...document.querySelectorAll('[data-metric]')].map((e) => `${e.getAttribute('data-metric')}=${e.getAttribute('data-value')}`),
    fields: [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('form.controls input, form.controls select')]
      .map((e) => `${e.name}=${(e as HTMLInputElement).type === 'radio' ? (e as HTMLInputElement).checked : e.value}`),
    picture: document.querySelector('[data-frame="picture"]')?.textContent ?? '',
    worked: document.querySelector('[data-frame="worked"]')?.textContent ?? '',
    boxes: [...document.querySelectorAll('[data-metric]')].map((e) => {
      const r = e.getBoundingClientRect();
      return `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    }),
  }));
}

/** Opens `address` with the panel's bundle held back; returns what the first frame shows, then lets the app take over. */
async function firstThenLive(page: Page, address: string, bundle: RegExp) {
  let release = () => {};
  const held = new Promise<void>((r) => { release = r; });
  await page.route(bundle, async (route) => { await held; await route.continue(); });
  await page.goto(APP + address, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html'), address).toHaveAttribute('data-prerender', 'first');
  await expect(page.locator('html'), address).not.toHaveAttribute('data-app', 'live');
  await expect(page.locator('[data-prerendered] [data-metric]').first(), address).toBeAttached();
  const first = await seen(page);
  release();
  await expect(page.locator('html'), address).toHaveAttribute('data-app', 'live', { timeout: 20_000 });
  await expect(page.locator('[data-prerendered]'), address).toHaveCount(0);
  const live = await seen(page);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  await page.unroute(bundle);
  return { first, live, cls };
}

const CASES: [string, RegExp, string, string][] = [
  // The embed snippet: stride 2 is η = 1/2 (128 useful bytes in two 128-byte segments).
  ['embed/coalescing/with/?stride=2', /\/coalescing-en-[0-9a-f]+_bg\.wasm$/, 'efficiency', '0.5'],
  ['hinglish/coalescing/with/?stride=32&line=32', /\/coalescing-hinglish-[0-9a-f]+_bg\.wasm$/, 'transactions', '32'],
  ['example/execution-model/D/with/?stride=2', /\/coalescing-en-[0-9a-f]+_bg\.wasm$/, 'transactions', '2'],
  // Stride 2 of 4-byte words: lanes l and l + 16 share a bank, 2 wavefronts.
  ['hinglish/embed/banks/with/?stride=2', /\/banks-hinglish-[0-9a-f]+_bg\.wasm$/, 'wavefronts', '2'],
  // A 32×32 block: ⌈1024 / 32⌉ = 32 warps.
  ['embed/warps/with/?block=32,32', /\/warps-en-[0-9a-f]+_bg\.wasm$/, 'warps-per-block', '32'],
  // Issue 68: eight warps reading the same 32 floats (4 sectors) under ld.ca: warp 0 misses
  // its 4, the other 28 hit L1, 28 / 32 = 0.875.
  ['embed/memory/with/?warps=8&reuse=same', /\/memory-en-[0-9a-f]+_bg\.wasm$/, 'l1-hit-rate', '0.875'],
  // The roofline: 1,000 FLOPs over 8 bytes is 125 FLOP/byte, past the A100's ridge (19,500 /
  // 1,555 = 12.5): compute-bound.
  ['hinglish/memory/with/?view=roofline&flops=1000&bytes=8', /\/memory-hinglish-[0-9a-f]+_bg\.wasm$/, 'bound', 'compute'],
  // The reuse example with the same elements for 4 warps under ld.cg: L1 is bypassed, and
  // L2 finds 12 of the 16 sectors, 0.75.
  ['example/memory/reuse/with/?warps=4&cache=cg', /\/memory-en-[0-9a-f]+_bg\.wasm$/, 'l2-hit-rate', '0.75'],
  // An old query link: sent on to the page that carries the first frame.
  ['?panel=coalescing&stride=4&embed=1', /\/coalescing-en-[0-9a-f]+_bg\.wasm$/, 'efficiency', '0.25'],
];

for (const [width, height] of [[390, 844], [1280, 800]]) {
  test(`a first frame with settings is what the live app draws, unmoved (${width} × ${height})`, async ({ browser }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!e.hadRecentInput) w.__cls += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));
    for (const [address, bundle, metric, value] of CASES) {
      const { first, live, cls } = await firstThenLive(page, address, bundle);
      expect(first.figures, address).toContain(`${metric}=${value}`);
      expect(live, address).toEqual(first);
      expect(cls, `${address}: cumulative layout shift`).toBeLessThanOrEqual(0.02);
      await page.screenshot({ path: test.info().outputPath(`first-${address.replace(/[^a-z0-9]+/gi, '-')}-${width}.png`) });
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}

/** Opens `coalescing/with/?stride=2` with the coalescing bundle held back, once its first frame
 *  has drawn; the function that lets the bundle through. */
async function coalescingHeld(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => { release = r; });
  await page.route(/\/coalescing-en-[0-9a-f]+_bg\.wasm$/, async (route) => { await held; await route.continue(); });
  await page.goto(APP + 'coalescing/with/?stride=2', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-prerender', 'first');
  return release;
}

test('what a learner types into a first frame is carried into the live app, focus included', async ({ page }) => {
  const release = await coalescingHeld(page);
  const field = page.locator('[data-prerendered] input[name="stride"]');
  await expect(field).toHaveValue('2');
  await field.fill('4');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await expect(page.locator('input[name="stride"]')).toHaveValue('4');
  await expect(page.locator('input[name="stride"]')).toBeFocused();
  // Stride 4 of 4-byte elements: 32 lanes 16 bytes apart span 512 bytes, 4 segments of 128,
  // η = 128 / 512 = 1/4.
  await expect(page.locator('[data-metric="efficiency"]')).toHaveAttribute('data-value', '0.25');
  await expect(page).toHaveURL(/\/coalescing\/with\/\?stride=4$/);
  // Back at its defaults, the address is the view's own page (the app's address is the
  // state's: a reload opens the view's page, whose markup is that state).
  await page.locator('input[name="stride"]').fill('1');
  await expect(page).toHaveURL(/\/coalescing\/$/);
});

test('a view\'s own page carries no first frame; a state the first frame does not draw waits for the app', async ({ page }) => {
  const own = await (await page.request.get(APP + 'coalescing/')).text();
  expect(own).not.toContain('id="first-wasm"');
  const withFirst = await (await page.request.get(APP + 'coalescing/with/')).text();
  expect(withFirst).toContain('id="first-wasm"');
  // The page under `with/` at its view's own state shows its markup (no second load), and the
  // app's address for that state is the view's page.
  await page.goto(APP + 'coalescing/with/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await expect(page.locator('[data-metric="efficiency"]')).toHaveAttribute('data-value', '1');
  expect(new URL(page.url()).pathname).toBe(`${new URL(APP).pathname}coalescing/`);
  // `forecast=1` changes how the page is shown: the Forecast is the live app's to draw.
  await page.goto(APP + 'coalescing/?stride=2&forecast=1', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await expect(page.locator('[data-metric="efficiency"]')).toHaveAttribute('data-value', '0.5');
  await expect(page.locator('input[name="forecast-guess"]')).toBeVisible();
});

// Issue 63, item 3: what the learner presses before the app is live is not lost. The loader keeps
// each button pressed in the markup (it says so: `aria-busy`) and presses it again in the app's
// page when the app takes over.
test('a Reveal pressed before the page is live is answered when the app takes over', async ({ page }) => {
  for (const how of ['click', 'Enter']) {
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    const bundle = /\/warps-en-[0-9a-f]+_bg\.wasm$/;
    await page.route(bundle, async (route) => { await held; await route.continue(); });
    // Seed 000 Ex 2 (warp-scheduling/B): a block of 100 threads is ⌈100 / 32⌉ = 4 warps.
    await page.goto(APP + 'example/warp-scheduling/B/', { waitUntil: 'domcontentloaded' });
    const guess = page.locator('[data-prerendered] input[name="forecast-guess"]');
    await guess.fill('4');
    const reveal = page.locator('[data-prerendered] [data-action="reveal"]');
    if (how === 'click') await reveal.click(); else await guess.press('Enter');
    await expect(reveal, how).toHaveAttribute('aria-busy', 'true');
    // Nothing was sent away as a page load, and nothing is revealed yet.
    await expect(page).toHaveURL(APP + 'example/warp-scheduling/B/');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
    await expect(page.locator('[data-forecast-feedback]'), how).toHaveAttribute('data-guess', 'right');
    await expect(page.locator('.key-figures [data-metric="warps-per-block"]'), how).toBeVisible();
    await page.unroute(bundle);
  }
});

test('a picture\'s button pressed in a first frame is pressed in the app', async ({ page }) => {
  const release = await coalescingHeld(page);
  await page.locator('[data-prerendered] button[data-line="32"]').click();
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  // 32 lanes 8 bytes apart (stride 2 of 4-byte floats) span 256 bytes: 8 sectors of 32 bytes.
  await expect(page.locator('[data-metric="transactions"]')).toHaveAttribute('data-value', '8');
  await expect(page.locator('button[data-line="32"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/coalescing\/with\/\?stride=2&line=32$/);
});
