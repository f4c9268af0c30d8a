import { test, expect } from './fixtures';
import { PANELS } from './registry';
import type { Page } from '@playwright/test';

// Issue 45: at 1280 px the nav was cut ("Kernel l"). The header fits every width from a phone's
// to a wide screen, in both languages: every link of it whole, on screen, inside the header and
// clipped by nothing, the page not wider than the screen; and so again with a tenth panel.

/** What is wrong with the header as drawn: links cut, hidden, covered or off screen. */
async function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const header = document.querySelector('header.site')!;
    const nav = header.querySelector('nav')!;
    const h = header.getBoundingClientRect();
    if (nav.scrollWidth > nav.clientWidth) bad.push(`the nav scrolls: ${nav.scrollWidth} > ${nav.clientWidth}`);
    if (header.scrollWidth > header.clientWidth) bad.push(`the header scrolls: ${header.scrollWidth} > ${header.clientWidth}`);
    for (const a of Array.from(header.querySelectorAll('a'))) {
      const name = a.textContent;
      const b = a.getBoundingClientRect();
      if (b.width < 1 || b.height < 1) bad.push(`${name}: no box`);
      if (a.getClientRects().length !== 1) bad.push(`${name}: split over ${a.getClientRects().length} lines`);
      if (b.left < h.left - 0.5 || b.right > h.right + 0.5 || b.top < h.top - 0.5 || b.bottom > h.bottom + 0.5) {
        bad.push(`${name}: outside the header (${Math.round(b.left)}–${Math.round(b.right)} in ${Math.round(h.left)}–${Math.round(h.right)})`);
      }
      if (b.left < -0.5 || b.right > innerWidth + 0.5) bad.push(`${name}: off screen (right ${Math.round(b.right)} > ${innerWidth})`);
      // No box between the link and the page clips it.
      for (let el = a.parentElement; el && el !== document.body; el = el.parentElement) {
        const s = getComputedStyle(el);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const e = el.getBoundingClientRect();
        if (b.left < e.left - 0.5 || b.right > e.right + 0.5 || b.top < e.top - 0.5 || b.bottom > e.bottom + 0.5) {
          bad.push(`${name}: clipped by ${el.tagName.toLowerCase()}`);
        }
      }
      // And nothing lies over it.
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      if (!hit || !a.contains(hit)) bad.push(`${name}: covered by ${hit?.tagName.toLowerCase()}`);
    }
    if (document.documentElement.scrollWidth > innerWidth) {
      bad.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${innerWidth}`);
    }
    return bad;
  });
}

const WIDTHS = [320, 390, 768, 1024, 1280, 1440, 1920];
for (const lang of ['en', 'hinglish']) {
  test(`the header fits at every width in ${lang}, every link whole, and with an eleventh panel`, async ({ app, page }) => {
    test.setTimeout(60_000);
    const bad: string[] = [];
    for (const q of ['./', '?panel=kernel']) {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await app.open(`${q}${q.includes('?') ? '&' : '?'}lang=${lang}`);
      // Every panel of the registry (ten since issue 68's memory panel).
      await expect(page.locator('header.site nav a')).toHaveCount(PANELS.length);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        for (const p of await problems(page)) bad.push(`${q} at ${width} px: ${p}`);
      }
      // One panel more: a copy of the longest link, added at the end.
      await page.evaluate(() => {
        const items = Array.from(document.querySelectorAll('header.site nav li'));
        const longest = items.reduce((a, b) => (b.getBoundingClientRect().width > a.getBoundingClientRect().width ? b : a));
        const copy = longest.cloneNode(true) as HTMLElement;
        copy.querySelector('a')!.removeAttribute('aria-current');
        longest.parentElement!.append(copy);
      });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        for (const p of await problems(page)) bad.push(`${q} with one panel more at ${width} px: ${p}`);
      }
    }
    expect(bad).toEqual([]);
  });
}
