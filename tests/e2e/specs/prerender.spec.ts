// The prerendered pages (issue 42, warp_model::site): every entry of registry.json's
// `prerendered`, as the build wrote it.
// - Without JavaScript, the page shows its figures with their values, its title, and one line
//   saying that the controls need JavaScript.
// - With JavaScript, the live app takes the page over: every figure of the prerendered HTML has
//   the same `data-value` once `<html data-app="live">`, no figure moves (its box is where the
//   markup had it), the page's cumulative layout shift stays ≤ 0.02, and nothing is logged as
//   an error.
// The pages are split into groups, one test each, so that the suite's workers share them.
import { test, expect, type Page } from '@playwright/test';
import { PRERENDERED, type Prerendered } from './registry';
import { APP } from './ports';

/** The `data-metric` → `data-value` pairs of a page's prerendered HTML, in document order. */
function figuresIn(html: string): string[] {
  return [...html.matchAll(/data-metric="([^"]+)" data-value="([^"]*)"/g)].map((m) => `${m[1]}=${m[2]}`);
}

const groups: [string, (p: Prerendered) => boolean][] = [
  ['English pages', (p) => p.lang === 'en' && !p.query.includes('embed=1')],
  ['Hinglish pages', (p) => p.lang === 'hinglish' && !p.query.includes('embed=1')],
  ['English embeds', (p) => p.lang === 'en' && p.query.includes('embed=1')],
  ['Hinglish embeds', (p) => p.lang === 'hinglish' && p.query.includes('embed=1')],
];

test('registry.json lists every prerendered page once, each at a readable path of its own', () => {
  const paths = PRERENDERED.map((p) => p.path);
  expect(new Set(paths).size).toBe(paths.length);
  expect(PRERENDERED).toContainEqual({ path: '', query: '', lang: 'en' });
  expect(PRERENDERED).toContainEqual({ path: 'hinglish/', query: '', lang: 'hinglish' });
  expect(PRERENDERED).toContainEqual({ path: 'warps/', query: 'panel=warps', lang: 'en' });
  expect(PRERENDERED).toContainEqual({ path: 'example/divergence/C1/', query: 'example=divergence/C1', lang: 'en' });
  expect(PRERENDERED).toContainEqual({ path: 'hinglish/warps/', query: 'panel=warps', lang: 'hinglish' });
  for (const p of PRERENDERED) expect(p.path === '' || p.path.endsWith('/')).toBe(true);
});

for (const [name, pick] of groups) {
  test.describe(name, () => {
    const pages = PRERENDERED.filter(pick);

    // Without JavaScript: every page that is not embedded, and of the embedded ones the first
    // of each kind (a panel, an example, a graded step, a challenge, a `with/` page). An
    // embedded page is its page's markup in the embed's frame, which that page has already
    // shown; each embedded page is still taken over below. All 284 took 95 s of the layer's
    // two workers' 29 minutes in a clean-clone run (2026-12-07).
    // Of the Hinglish pages, likewise the first of each kind and panel (or seed): each is its
    // English page's markup (every one checked in the English group) with the words of the same views'
    // Hinglish catalogue, and each Hinglish bundle is still checked on every kind of page it
    // draws (issue 69's round took 70 pages a language off the layer, when CI stood at 29.4
    // minutes).
    const kinds = new Set<string>();
    const sampled = (p: Prerendered) => p.query.includes('embed=1') || p.lang === 'hinglish';
    const bareKey = (p: Prerendered) => (p.query.includes('embed=1') ? kindOf(p) : pageKey(p));
    const bare = pages.filter((p) => !sampled(p) || (!kinds.has(bareKey(p)) && kinds.add(bareKey(p)) !== undefined));
    test(`without JavaScript each shows its figures and says the controls need it (${bare.length} pages)`, async ({ browser }) => {
      test.setTimeout(bare.length * 2_000 + 10_000);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      for (const p of bare) {
        const response = await page.goto(APP + p.path);
        expect(response?.status(), p.path).toBe(200);
        const html = await response!.text();
        const figures = figuresIn(html);
        // The loading frame is gone, the markup and its line about JavaScript are there.
        await expect(page.locator('#boot'), p.path).toBeHidden();
        await expect(page.locator('[data-prerendered] main'), p.path).toBeVisible();
        await expect(page.locator('noscript').first(), p.path).toBeAttached();
        const shown = await page.locator('[data-prerendered] [data-metric]').evaluateAll((els) =>
          els.map((e) => `${e.getAttribute('data-metric')}=${e.getAttribute('data-value')}`));
        expect(shown, p.path).toEqual(figures);
        if (p.query.startsWith('panel=') || p.query.startsWith('example=')) {
          await expect(page.locator('[data-prerendered] h1'), p.path).toBeVisible();
        }
        // A worked example's key figure and picture, kept for after a guess when the app runs,
        // are readable: no guess can be made without it.
        if (p.query.startsWith('example=')) {
          await expect(page.locator('[data-prerendered] .figure.key').first(), p.path).toBeVisible();
          await expect(page.locator('[data-prerendered] [data-forecast]'), p.path).toBeVisible();
        }
        expect(await page.title(), p.path).toContain('Warp Lab');
      }
      await context.close();
    });

    // Taken over with JavaScript: every page that is not embedded, and of the embedded ones
    // the first of each kind and panel (or seed): an embedded page is its page's markup in the
    // embed's frame, and that page is taken over in the group beside; of the Hinglish pages,
    // likewise (above). All 284 embedded pages took 178 of the layer's 1,704 worker-seconds in
    // a clean-clone run (2026-12-07), when CI stood at 31 minutes.
    const seen = new Set<string>();
    const taken = pages.filter((p) => !sampled(p) || (!seen.has(pageKey(p)) && seen.add(pageKey(p)) !== undefined));
    test(`the live app takes each over with the same figures, unmoved (${taken.length} pages)`, async ({ browser }) => {
      test.setTimeout(taken.length * 4_000 + 10_000);
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
      await context.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!e.hadRecentInput) w.__cls += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // One tab for every page, as a learner following links would have it (a new tab for each
      // page started a renderer process each time: half of this test's time).
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      // The wasm waits until the markup's figures have been measured.
      let held: Promise<void> = Promise.resolve();
      await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
      for (const p of taken) {
        let release = () => {};
        held = new Promise<void>((r) => { release = r; });
        problems.length = 0;
        await takeOver(page, p, release);
        expect(problems, p.path).toEqual([]);
      }
      await context.close();
    });
  });
}

/** Which kind of page `p` is: a panel (or the home view), an example, a graded step, a challenge or a `with/` page. */
function kindOf(p: Prerendered): string {
  return /with\/$/.test(p.path) ? 'with' : /graded\/$/.test(p.path) ? 'graded'
    : p.path.includes('/challenge/') ? 'challenge' : p.path.includes('example/') ? 'example' : 'panel';
}

/** A page's kind and its panel or seed, embedded or not (`with:warps`, `example:divergence`). */
function pageKey(p: Prerendered): string {
  const parts = p.path.replace(/^hinglish\//, '').replace(/^embed\//, '').split('/');
  const group = parts[0] === 'example' ? parts[1] : parts[0];
  return `${kindOf(p)}:${group}`;
}

/** Opens `p` in `page` with its wasm held back until `release`, and checks the takeover. */
async function takeOver(page: Page, p: Prerendered, release: () => void) {
  const response = await page.goto(APP + p.path, { waitUntil: 'domcontentloaded' });
  const figures = figuresIn(await response!.text());
  const boxes = () => page.locator('[data-metric]').evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return `${e.getAttribute('data-metric')} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  }));
  await expect(page.locator('html'), p.path).not.toHaveAttribute('data-app', 'live');
  await expect(page.locator('#boot-status'), p.path).toBeVisible();
  const before = await boxes();
  release();
  await expect(page.locator('html'), p.path).toHaveAttribute('data-app', 'live', { timeout: 20_000 });
  await expect(page.locator('[data-prerendered]'), p.path).toHaveCount(0);
  await expect(page.locator('#boot'), p.path).toHaveCount(0);
  const live = await page.locator('[data-metric]').evaluateAll((els) =>
    els.map((e) => `${e.getAttribute('data-metric')}=${e.getAttribute('data-value')}`));
  // Every figure of the markup, with the same value; the live app may add those only this
  // browser knows (what the GPU panel detects).
  expect(live.slice(0, figures.length), p.path).toEqual(figures);
  expect((await boxes()).slice(0, before.length), p.path).toEqual(before);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls, `${p.path}: cumulative layout shift`).toBeLessThanOrEqual(0.02);
  // The address is still the page's own (a quiz adds the seed it drew); a page that carries a
  // first frame (`with/`) is its view's page at that state.
  expect(new URL(page.url()).pathname, p.path).toBe('/' + p.path.replace(/with\/$/, ''));
  // The page's own styles (its bundle's rules only) draw it as the whole stylesheet would.
  await expectStyledAsWhole(page, p.path);
}

/** Every element's computed style (the properties a missing rule would change), in order. */
function styles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const props = ['display', 'position', 'color', 'background-color', 'font-size', 'font-weight',
      'margin', 'padding', 'border', 'width', 'height', 'grid-template-columns', 'gap', 'fill',
      'stroke', 'opacity', 'visibility', 'overflow', 'text-align', 'flex-direction'];
    return [...document.body.querySelectorAll('*')].slice(0, 4000).map((e) => {
      const c = getComputedStyle(e);
      return `${e.tagName}.${e.getAttribute('class') ?? ''} ${props.map((k) => c.getPropertyValue(k)).join('|')}`;
    });
  });
}

/**
 * A prerendered page carries only its bundle's rules (xtask/src/dist/styles.rs): linking the
 * whole stylesheet on top of them must change no element's style.
 */
async function expectStyledAsWhole(page: Page, what: string) {
  const own = await styles(page);
  const files = await (await page.request.get(APP + 'files.txt')).text();
  const whole = files.split('\n').find((f) => /^style-[0-9a-f]+\.css$/.test(f));
  expect(whole, 'files.txt names the whole stylesheet').toBeTruthy();
  await page.evaluate((href) => new Promise<void>((done) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = './' + href;
    link.onload = () => done();
    link.onerror = () => done();
    document.head.appendChild(link);
  }), whole!);
  const after = await styles(page);
  const changed = own.map((s, i) => [s, after[i]]).filter(([a, b]) => a !== b);
  expect(changed.slice(0, 3), `${what}: styles the page's own stylesheet lacks`).toEqual([]);
}

test('a page whose address starts another bundle links the whole stylesheet and draws with it', async ({ page }) => {
  // The home view's page carries the home view's rules; an example named in another case than
  // its page's (`Who-Holds`) stays on the root's page, which starts the mma panel.
  const response = await page.goto(APP + '?example=tensor-cores/Who-Holds');
  const html = await response!.text();
  expect(html).toContain('data-styles="home"');
  // The mma panel's own rules are not in the home page (`.mma-grid`, style/mma.css).
  expect(html).not.toContain('.mma-grid');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await expect(page.locator('link[rel="stylesheet"][href^="./style-"]')).toHaveCount(1);
  await expect(page.locator('[data-panel="mma"]')).toBeVisible();
  await expectStyledAsWhole(page, '?example=tensor-cores/Who-Holds');
  // Its own page links nothing: its styles are inline.
  await page.goto(APP + 'mma/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
});

test('what a learner types before the app is live is carried into it, focus included', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((r) => { release = r; });
  await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
  await page.goto(APP + 'warps/', { waitUntil: 'domcontentloaded' });
  const field = page.locator('[data-prerendered] input[name="block-x"]');
  await expect(field).toHaveValue('256');
  await field.fill('48');
  // Enter in a field of the markup does not send its form away as a page load.
  await field.press('Enter');
  await expect(page).toHaveURL(APP + 'warps/');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  const live = page.locator('input[name="block-x"]');
  await expect(live).toHaveValue('48');
  await expect(live).toBeFocused();
  // The live app took it as the learner's input: 48 threads are 2 warps (⌈48 / 32⌉).
  await expect(page.locator('[data-metric="warps-per-block"]')).toHaveAttribute('data-value', '2');
  await expect(page).toHaveURL(/\/warps\/with\/\?block=48$/);
});

test('an address asking for more than the page shows draws that, not the markup', async ({ page }) => {
  // divergence/ (no first frame) with four paths: the prerendered 2-path figures must never be
  // on screen. (A panel with a first frame sends such an address to its `with/` page, which
  // draws it: first-frame.spec.ts.)
  let release = () => {};
  const held = new Promise<void>((r) => { release = r; });
  await page.route('**/*_bg.wasm', async (route) => { await held; await route.continue(); });
  await page.goto(APP + 'divergence/?paths=5,6,7,8', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-prerender', 'stale');
  await expect(page.locator('[data-prerendered]')).toBeHidden();
  await expect(page.locator('#boot-status')).toHaveText('Loading Warp Lab…');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  // Four path costs, each taken by some lanes: 4 paths.
  await expect(page.locator('[data-metric="paths-taken"]')).toHaveAttribute('data-value', '4');
});

test('links inside the site lead to the prerendered pages, and old query links still work', async ({ page }) => {
  await page.goto(APP + 'hinglish/warps/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  // The navigation, the language switch and the home link are paths relative to the root.
  await expect(page.locator('header.site nav a', { hasText: 'Divergence timeline' })).toHaveAttribute('href', 'hinglish/divergence/');
  await expect(page.locator('[data-lang="en"]')).toHaveAttribute('href', 'warps/');
  await expect(page.locator('a.brand')).toHaveAttribute('href', 'hinglish/');
  await page.locator('[data-lang="en"]').click();
  await expect(page).toHaveURL(APP + 'warps/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The home view's panels, lessons and examples.
  await page.goto(APP);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await expect(page.locator('.cards a').first()).toHaveAttribute('href', 'warps/');
  await expect(page.locator('[data-lesson] a').first()).toHaveAttribute('href', /^example\//);
  await expect(page.locator('.examples a').first()).toHaveAttribute('href', /^example\/[a-z-]+\/[A-Za-z0-9-]+\/$/);
  // A link with parameters no page draws is a query string, drawn as it always was.
  await page.goto(APP + '?panel=warps&block=48,4');
  await expect(page.locator('[data-metric="warps-per-block"]')).toHaveAttribute('data-value', '6');
});

test('the site works under a sub-path', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  // A request the test's own navigation aborted (CI: the favicon, as a link was followed) is
  // not a broken path.
  page.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()}`); });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  await page.goto(APP + 'sub/dir/hinglish/example/divergence/C1/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  // C1: paths of 12 and 9 cycles taken in turn, 12 + 9 = 21 cycles.
  await expect(page.locator('[data-metric="diverged-cycles"]')).toHaveAttribute('data-value', '21');
  await page.locator('header.site nav a').first().click();
  await expect(page).toHaveURL(APP + 'sub/dir/hinglish/warps/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await page.locator('[data-lang="en"]').click();
  await expect(page).toHaveURL(APP + 'sub/dir/warps/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  expect(problems).toEqual([]);
});
