import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

// Issue 45: a kernel you can write on a phone. The editor is 16 px there (iOS zooms into a
// smaller field), never capitalizes, corrects or spell-checks code, shows a whole signature
// (long lines wrap; the numbered copy over it wraps the same way), and keeps Tab and Enter for
// code, with Escape then Tab as the way out, said beside it.

const PHONE = { width: 390, height: 844 };
const editor = '#kernel-src';

/** The editor as drawn: its font, whether its text is cut, and whether the numbered copy over
 *  it wraps each line to as many rows as the textarea does. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const ta = document.querySelector('#kernel-src') as HTMLTextAreaElement;
    const s = getComputedStyle(ta);
    // The textarea's own content height, from a copy of it with no height of its own.
    const probe = ta.cloneNode() as HTMLTextAreaElement;
    probe.removeAttribute('id');
    probe.value = ta.value;
    probe.style.cssText = `position: absolute; visibility: hidden; height: 0; width: ${ta.getBoundingClientRect().width}px`;
    ta.parentElement!.append(probe);
    const content = probe.scrollHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom);
    probe.remove();
    const rows = Array.from(document.querySelectorAll('.editor .lines > div'));
    const copied = rows.reduce((sum, r) => sum + r.getBoundingClientRect().height, 0);
    const first = rows[0].getBoundingClientRect().height / parseFloat(s.lineHeight);
    return {
      fontSize: parseFloat(s.fontSize),
      cutSideways: ta.scrollWidth > ta.clientWidth,
      cutBelow: ta.scrollHeight > ta.clientHeight,
      content,
      copied,
      firstLineRows: Math.round(first),
      firstLine: ta.value.split('\n')[0],
    };
  });
}

for (const q of ['?panel=kernel', '?panel=kernel&challenge=add-ten']) {
  test(`on a phone the editor is 16 px, plain and whole: ${q}`, async ({ app, page }) => {
    await page.setViewportSize(PHONE);
    await app.open(q);
    const area = page.locator(editor);
    await expect(area).toHaveAttribute('autocapitalize', 'off');
    await expect(area).toHaveAttribute('autocorrect', 'off');
    await expect(area).toHaveAttribute('spellcheck', 'false');
    const m = await measure(page);
    expect(m.fontSize).toBeGreaterThanOrEqual(16);
    // Nothing of the text is cut: not sideways (the signature wraps), not below.
    expect(m.cutSideways, m.firstLine).toBe(false);
    expect(m.cutBelow).toBe(false);
    // The numbered copy wraps as the textarea does, so each number stands at its line.
    expect(Math.abs(m.content - m.copied), `content ${m.content}, rows ${m.copied}`).toBeLessThan(2);
    if (q.includes('challenge')) {
      // add_ten's signature is longer than a phone's line: it wraps, whole.
      expect(m.firstLine).toBe('__global__ void add_ten(const int* in, int* out, int n) {');
      expect(m.firstLineRows).toBeGreaterThan(1);
    }
    // A phone has no Tab key: the indent buttons stand where the keys' line was (issue 66),
    // which still describes the field to a screen reader (a keyboard may be attached).
    await expect(page.locator('#kernel-keys')).toBeHidden();
    await expect(page.locator('[data-action="indent"]')).toBeVisible();
    await expect(area).toHaveAttribute('aria-describedby', /kernel-keys/);
  });
}

test('Enter keeps the indentation, Tab indents and stays, Escape then Tab leaves', async ({ app, page }) => {
  await page.setViewportSize(PHONE);
  await app.open('?panel=kernel&challenge=add-ten');
  const area = page.locator(editor);
  // The starter is the signature, an indented empty line, and "}": type on that line.
  await area.evaluate((ta: HTMLTextAreaElement) => {
    ta.focus();
    const at = ta.value.indexOf('\n    \n') + 5;
    ta.setSelectionRange(at, at);
  });
  await page.keyboard.type('if (i < n) {');
  await page.keyboard.press('Enter');
  await page.keyboard.type('out[i] = 1;');
  await expect(area).toHaveValue(/\n {4}if \(i < n\) \{\n {8}out\[i\] = 1;\n\}\n$/);
  // The text is the learner's: in the address, and the run knows it is stale.
  await expect.poll(() => new URL(page.url()).searchParams.get('src') ?? '').toContain('{\n        out[i] = 1;');
  await expect(page.locator('[data-stale]')).toBeVisible();
  // Enter on an indented line keeps its indentation.
  await page.keyboard.press('Enter');
  await page.keyboard.type('x');
  await expect(area).toHaveValue(/\n {8}out\[i\] = 1;\n {8}x\n\}\n$/);
  // Tab: four spaces at the caret, the focus stays; Shift+Tab takes them off again.
  await page.keyboard.press('Home');
  await page.keyboard.press('Tab');
  await expect(area).toHaveValue(/\n {12}x\n\}\n$/);
  await expect(area).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(area).toHaveValue(/\n {4}x\n\}\n$/);
  await expect(area).toBeFocused();
  // The browser's undo takes the last edit back.
  await page.keyboard.press('Control+z');
  await expect(area).toHaveValue(/\n {8}x\n\}\n$/);
  // Escape, then Tab: out of the editor, to the next control.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(area).not.toBeFocused();
  await expect(page.locator('[data-action="run-kernel"]')).toBeFocused();
  // And back in, Tab is the editor's again.
  await area.focus();
  await page.keyboard.press('Tab');
  await expect(area).toBeFocused();
  // Lines typed at the very end grow the editor: it never scrolls inside, its numbers stay.
  await page.keyboard.press('Control+End');
  for (let i = 0; i < 8; i++) await page.keyboard.press('Enter');
  await page.keyboard.type('// the end of a long kernel, typed on a phone');
  const m = await measure(page);
  expect(m.cutBelow).toBe(false);
  expect(await area.evaluate((ta) => ta.scrollTop)).toBe(0);
  expect(Math.abs(m.content - m.copied), `content ${m.content}, rows ${m.copied}`).toBeLessThan(2);
});

test('the line numbers stay at their lines when a long line wraps, and the error mark too', async ({ app, page }) => {
  await page.setViewportSize(PHONE);
  const long = '    float a_rather_long_name_for_a_value = in[i] * 2.0f + in[i] * 3.0f;';
  const src = `__global__ void k(float* in, float* out) {\n    int i = threadIdx.x;\n${long}\n    out[i] = a_rather_long_name_for_a_value\n}`;
  await app.open(`?panel=kernel&src=${encodeURIComponent(src)}`);
  await expect(page.locator('.src-mark')).toHaveAttribute('data-mark-line', '5');
  const place = await page.evaluate(() => {
    const rows = Array.from(document.querySelectorAll('.editor .lines > div'));
    const lh = parseFloat(getComputedStyle(document.querySelector('#kernel-src')!).lineHeight);
    return {
      rows: rows.map((r) => Math.round(r.getBoundingClientRect().height / lh)),
      mark: document.querySelector('.src-mark')!.getAttribute('data-n'),
    };
  });
  // The long line 3 takes three rows (and the signature two); the mark is on line 5's row.
  expect(place.rows[2]).toBeGreaterThan(1);
  expect(place.rows.length).toBe(5);
  expect(place.mark).toBe('5');
});
