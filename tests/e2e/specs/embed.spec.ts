import { test, expect } from './fixtures';

import { APP, COURSE } from './ports';

test('the example course page embeds four panels from another origin, each sized by its messages', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${COURSE}?app=${encodeURIComponent(APP)}`);
  const frames = page.locator('iframe');
  await expect(frames).toHaveCount(4);
  const expected = [
    ['warp-straddles-rows', 'yes'],
    ['efficiency', '0.571429'],
    ['transactions', '32'],
    ['warps-needed', '80'],
  ];
  for (let i = 0; i < 4; i++) {
    await frames.nth(i).scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe').nth(i);
    await expect(frame.locator(`[data-metric="${expected[i][0]}"]`)).toHaveAttribute('data-value', expected[i][1]);
    await expect(frame.locator('nav')).toHaveCount(0);
    await expect(frames.nth(i)).toHaveAttribute('data-reported-height', /^\d+$/);
    const reported = Number(await frames.nth(i).getAttribute('data-reported-height'));
    expect(reported).toBeGreaterThan(300);
    expect(Math.abs((await frames.nth(i).boundingBox())!.height - reported)).toBeLessThan(3);
  }
  expect(problems).toEqual([]);
});

test('embed mode: no navigation, an open-in-app link at the same state, themes', async ({ app, page }) => {
  await app.open('?example=divergence/C1&embed=1&theme=dark');
  await expect(page.locator('nav')).toHaveCount(0);
  await expect(page.locator('header')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await app.field('paths').fill('12,12');
  const link = page.locator('[data-action="open-full"]');
  await link.hover();
  await expect.poll(async () => {
    const href = new URL((await link.getAttribute('href'))!);
    return [href.searchParams.get('panel'), href.searchParams.get('paths'), href.searchParams.get('theme'), href.searchParams.get('embed')];
  }).toEqual(['divergence', '12,12', 'dark', null]);
  await app.open('?panel=warps&embed=1&theme=light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await app.open('?panel=warps&embed=maybe&theme=neon');
  await expect(app.error('embed')).toContainText('1 or 0');
  await expect(app.error('theme')).toContainText('light, dark or auto');
});

test('"Embed this view" gives a snippet that reproduces the current view', async ({ app, page }) => {
  await app.open('?panel=warps');
  await app.field('block-x').fill('48');
  await app.field('block-y').fill('4');
  await page.locator('[data-action="embed"]').click();
  await expect(page.locator('[data-embed-snippet]')).toHaveValue(/<iframe/);
  const snippet = await page.locator('[data-embed-snippet]').inputValue();
  expect(snippet).toContain('title="Warp Lab: Block-to-warp map"');
  const src = snippet.match(/src="([^"]+)"/)![1].replaceAll('&amp;', '&');
  expect(src).toBe(`${APP}?panel=warps&block=48,4&embed=1`);
  await page.goto(src);
  await expect(app.figure('threads-per-block')).toHaveAttribute('data-value', '192');
  await expect(page.locator('nav')).toHaveCount(0);
});

test('a parent page can ask for the height or a theme, and nothing else', async ({ page }) => {
  await page.goto(`${COURSE}?app=${encodeURIComponent(APP)}`);
  const frame = page.frameLocator('iframe').first();
  await expect(frame.locator('[data-metric="warps-per-block"]')).toBeVisible();
  await page.evaluate(() => {
    const w = document.querySelector('iframe')!.contentWindow!;
    w.postMessage({ type: 'set-theme', theme: 'dark' }, '*');
    w.postMessage({ source: 'warp-lab-host', type: 'set-theme', theme: '<img src=x>' }, '*');
    w.postMessage('set-theme dark', '*');
  });
  await page.waitForTimeout(200);
  await expect(frame.locator('html')).not.toHaveAttribute('data-theme', /.+/);
  await page.evaluate(() => {
    document.querySelector('iframe')!.contentWindow!.postMessage({ source: 'warp-lab-host', type: 'set-theme', theme: 'dark' }, '*');
  });
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a parent page can switch the language of a frame, keeping its state', async ({ page }) => {
  await page.goto(`${COURSE}?app=${encodeURIComponent(APP)}`);
  const frame = page.frameLocator('iframe').first();
  await expect(frame.locator('[data-metric="warps-per-block"]')).toBeVisible();
  const before = await frame.locator('[data-metric]').first().getAttribute('data-value');
  await page.evaluate(() => {
    const w = document.querySelector('iframe')!.contentWindow!;
    w.postMessage({ source: 'warp-lab-host', type: 'set-lang', lang: 'klingon' }, '*');
    w.postMessage({ type: 'set-lang', lang: 'hinglish' }, '*');
  });
  await page.waitForTimeout(300);
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en');
  await page.evaluate(() => {
    document.querySelector('iframe')!.contentWindow!.postMessage({ source: 'warp-lab-host', type: 'set-lang', lang: 'hinglish' }, '*');
  });
  await expect(frame.locator('html')).toHaveAttribute('lang', 'hi-Latn');
  await expect(frame.locator('[data-metric]').first()).toHaveAttribute('data-value', before!);
  await expect(frame.locator('[data-embed]')).toBeVisible();
});

test('the Content-Security-Policy allows the app and nothing inline', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => (window as any).reportViolation(e.violatedDirective));
  });
  await page.goto(`${APP}?panel=coalescing&stride=4`);
  await expect(page.locator('[data-metric="transactions"]')).toHaveAttribute('data-value', '4');
  expect(violations).toEqual([]);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).toContain("connect-src 'self'");
  // An inline script added later has no matching hash: it must not run.
  const ran = await page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = '(window as any).inlineRan = true'.replace(' as any', '');
    document.body.appendChild(s);
    await new Promise((r) => setTimeout(r, 50));
    return (window as any).inlineRan === true;
  });
  expect(ran).toBe(false);
  expect(violations.some((v) => v.startsWith('script-src'))).toBe(true);
});

const panels: Record<string, string[]> = {
  warps: ['block', 'thread', 'warp', 'n', 'image'],
  divergence: ['paths', 'lanes', 'counts', 'cond', 'warps', 'overhead', 'compare'],
  coalescing: ['elem', 'stride', 'offset', 'line', 'lanes', 'matrix', 'walk', 'fields', 'field', 'layout'],
  latency: ['L', 'W', 'S', 'T', 'cap', 'resident', 'policy', 'regs', 'regfile', 'threads', 'mode', 'cc', 'tpb', 'cores'],
  kernel: ['src', 'block', 'grid', 'n', 'len', 'trace'],
};

test('script payloads in every parameter are shown as text and never run', async ({ app, page }) => {
  let ran = 0;
  await page.exposeFunction('pwned', () => { ran++; });
  const payloads = ['<img src=x onerror=pwned()>', '"><script>pwned()</script>', "javascript:pwned()"];
  for (const [panel, params] of Object.entries(panels)) {
    for (const payload of payloads) {
      const q = params.map((p) => `${p}=${encodeURIComponent(payload)}`).join('&');
      await app.open(`?panel=${panel}&${q}&embed=${encodeURIComponent(payload)}&theme=${encodeURIComponent(payload)}`);
      await expect(page.locator('[data-error]').first()).toBeVisible();
      expect(await page.locator('main img, main script').count()).toBe(0);
    }
  }
  await app.open(`?example=${encodeURIComponent('<img src=x onerror=pwned()>')}`);
  await expect(app.error('example')).toContainText('<img');
  expect(ran).toBe(0);
});

test('no panel asks another origin for anything', async ({ app, page }) => {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(APP) && !u.startsWith('data:')) foreign.push(u);
  });
  for (const q of ['./', '?panel=warps&n=1000', '?example=divergence/C10', '?example=execution-model/E', '?example=execution-model/J', '?panel=quiz', '?panel=gpu']) {
    await app.open(q);
    await page.waitForLoadState('networkidle');
  }
  expect(foreign).toEqual([]);
});
