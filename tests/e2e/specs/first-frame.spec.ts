// A page's first frame for an address with settings (issue 63, src/frame.rs): before the
// panel's bundle is live, the page's loader runs the panel's first frame on the address and
// writes it into the prerendered markup, which then shows that state (`data-prerender="first"`).
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
  ['embed/coalescing/?stride=2', /\/coalescing-en-[0-9a-f]+_bg\.wasm$/, 'efficiency', '0.5'],
  ['hinglish/coalescing/?stride=32&line=32', /\/coalescing-hinglish-[0-9a-f]+_bg\.wasm$/, 'transactions', '32'],
  ['example/execution-model/D/?stride=2', /\/coalescing-en-[0-9a-f]+_bg\.wasm$/, 'transactions', '2'],
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

test('what a learner types into a first frame is carried into the live app, focus included', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((r) => { release = r; });
  const bundle = /\/coalescing-en-[0-9a-f]+_bg\.wasm$/;
  await page.route(bundle, async (route) => { await held; await route.continue(); });
  await page.goto(APP + 'coalescing/?stride=2', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-prerender', 'first');
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
  await expect(page).toHaveURL(/\/coalescing\/\?stride=4$/);
});

test('a page\'s own state fetches no first frame; a state the first frame does not draw waits for the app', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => { if (/\/first-/.test(r.url())) asked.push(r.url()); });
  await page.goto(APP + 'coalescing/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  expect(asked).toEqual([]);
  // `forecast=1` changes how the page is shown: the Forecast is the live app's to draw.
  await page.goto(APP + 'coalescing/?stride=2&forecast=1', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await expect(page.locator('[data-metric="efficiency"]')).toHaveAttribute('data-value', '0.5');
  await expect(page.locator('input[name="forecast-guess"]')).toBeVisible();
});
