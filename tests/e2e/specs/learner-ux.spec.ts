import { test, expect } from './fixtures';

// Issue 66, tried as a learner would: the lab's challenges, the editor's indent rule, hints on
// failure and the author page's greeting, at the sizes where they failed, in both languages.

const langs = [
  { lang: 'en', q: '', challenges: /Challenges: 14 kernels/, lede: /^14 kernels to write/, next: 'Next: ', notLink: 'is not a Warp Lab link', yes: 'yes', caseH: 'Case H: W = 10' },
  { lang: 'hinglish', q: '&lang=hinglish', challenges: /Challenges: likhne ke liye 14 kernels/, lede: /likhne ke liye 14 kernels\./, next: 'Aage: ', notLink: 'Warp Lab ka link nahi hai', yes: 'haan', caseH: 'Case H: W = 10 ke saath' },
];

async function guess(page: import('@playwright/test').Page, text: string) {
  await page.locator('input[name="forecast-guess"]').fill(text);
  await page.locator('[data-action="reveal"]').click();
}

for (const l of langs) {
  test.describe(`on a 390 × 844 phone (${l.lang})`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('the plain lab links its challenges, listed with their stars, counted from the list', async ({ app, page }) => {
      await app.open(`?panel=kernel${l.q}`);
      // Each challenge's best stars, as this browser kept them.
      await page.evaluate(() => localStorage.setItem('warp-lab.progress.stars', 'mirror:2'));
      const link = page.locator('[data-lab-challenges] a');
      await expect(link).toHaveText(l.challenges);
      const box = await link.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await link.click();
      await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
      const items = page.locator('.challenge-board [data-challenge-board] li');
      await expect(items).toHaveCount(14);
      await expect(page.locator('.challenge-board .start-lede')).toHaveText(l.lede);
      await expect(page.locator('[data-challenge="mirror"]')).toHaveAttribute('data-stars', '2');
      await expect(page.locator('[data-challenge="mirror"] .stars')).toHaveText('★★☆');
      await expect(page.locator('[data-challenge="add-ten"]')).toHaveAttribute('data-stars', '0');
      // A challenge's own page has its box, and no link to the list.
      await page.locator('[data-challenge="add-ten"] a').click();
      await expect(page.locator('section.challenge')).toBeVisible();
      await expect(page.locator('[data-lab-challenges]')).toHaveCount(0);
    });

    test('the home view counts its challenges from the list', async ({ app, page }) => {
      await app.open(l.q ? `?${l.q.slice(1)}` : '/');
      await expect(page.locator('.challenge-board .start-lede')).toHaveText(l.lede);
      await expect(page.locator('.challenge-board [data-challenge-board] li')).toHaveCount(14);
    });

    test('a failing check says what to try next', async ({ app, page }) => {
      await app.open(`?panel=kernel&challenge=add-ten${l.q}`);
      // tests/challenges/add-ten/wrong-no-guard.cu: no bounds guard.
      await page.locator('#kernel-src').fill('__global__ void add_ten(const int* in, int* out, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    out[i] = in[i] + 10;\n}');
      await page.locator('[data-action="check"]').click();
      await expect(page.locator('[data-challenge-failure]')).toBeVisible();
      await expect(page.locator('[data-challenge-next]')).toContainText(l.next);
      await expect(page.locator('[data-challenge-next]')).toContainText('if (i < n)');
    });

    test('an empty author page says how to start, and names words that are no link', async ({ app, page }) => {
      await app.open(`?panel=author${l.q}`);
      await expect(page.locator('[data-author-empty]')).toBeVisible();
      await expect(page.locator('[data-error="step"]')).toHaveCount(0);
      await page.locator('input[name="step-link"]').fill('hello world');
      await page.locator('[data-action="add-step"]').click();
      await expect(app.error('step-link')).toContainText(l.notLink);
      await expect(app.error('step-link')).toContainText('/coalescing/with/?stride=2');
      // The address the app writes for a view with settings is a step.
      await page.locator('input[name="step-link"]').fill('https://example.edu/gpu/warps/with/?block=64');
      await page.locator('[data-action="add-step"]').click();
      await expect(page.locator('[data-author-step="1"] .step-query')).toHaveText('panel=warps&block=64');
      await expect(page.locator('[data-author-empty]')).toHaveCount(0);
    });
  });
}

for (const l of langs) {
  test.describe(`at 1280 × 800 (${l.lang})`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the editor: Enter after { then Tab stays at one step, } goes back a level, 15 px type', async ({ app, page }) => {
      await app.open(`?panel=kernel${l.q}`);
      const area = page.locator('#kernel-src');
      await area.fill('');
      await area.focus();
      await page.keyboard.type('void k() {');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.type('if (x) {');
      await page.keyboard.press('Enter');
      await page.keyboard.type('y();');
      await page.keyboard.press('Enter');
      // A `}` typed on the indented blank line goes back to its block's opening line.
      await page.keyboard.type('}');
      await page.keyboard.press('Enter');
      await page.keyboard.type('}');
      await expect(area).toHaveValue('void k() {\n    if (x) {\n        y();\n    }\n}');
      // Shift+Tab outdents; a `}` typed after code is typed where it is.
      await page.keyboard.press('Enter');
      await page.keyboard.type('    z(); }');
      await page.keyboard.press('Shift+Tab');
      await expect(area).toHaveValue('void k() {\n    if (x) {\n        y();\n    }\n}\nz(); }');
      const size = await area.evaluate((a) => parseFloat(getComputedStyle(a).fontSize));
      expect(size).toBeGreaterThanOrEqual(15);
      // A desktop has a Tab key: no indent buttons.
      await expect(page.locator('[data-action="indent"]')).toBeHidden();
    });
  });

  test.describe(`the editor on a 390 × 844 phone (${l.lang})`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('indent and outdent buttons beside the editor, 44 px, where there is no Tab key', async ({ app, page }) => {
      await app.open(`?panel=kernel${l.q}`);
      await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
      const area = page.locator('#kernel-src');
      await area.fill('void k() {\nx();\n}');
      // The caret in "x();" (after "void k() {\n" and "x"): the line goes in one step, the
      // caret with it; then out again.
      await area.evaluate((a: HTMLTextAreaElement) => { a.focus(); a.setSelectionRange(12, 12); });
      for (const action of ['indent', 'outdent']) {
        const box = await page.locator(`[data-action="${action}"]`).boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
      await page.locator('[data-action="indent"]').tap();
      await expect(area).toHaveValue('void k() {\n    x();\n}');
      expect(await area.evaluate((a: HTMLTextAreaElement) => [a.selectionStart, document.activeElement === a])).toEqual([16, true]);
      await page.locator('[data-action="outdent"]').tap();
      await expect(area).toHaveValue('void k() {\nx();\n}');
      // The address follows the edit, as it does a typed one.
      await expect.poll(() => new URL(page.url()).searchParams.get('src')).toBe('void k() {\nx();\n}');
    });
  });
}

// Issue 66, 6 and 7: the lessons' questions (one name per quantity, no link inside a question, a
// follow-up's answer hidden until it is asked) and tall pictures on a phone.
for (const l of langs) {
  test.describe(`lessons at 1280 × 800 (${l.lang})`, () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('lesson 3 names W as its field does, and links its next case only after the answer', async ({ app, page }) => {
      await app.open(`?example=execution-model/G${l.q}`);
      const card = page.locator('[data-frame="preset"]');
      // Seed 004's C = 20 compute cycles is the field's W = 20 instructions (one a cycle).
      await expect(card.locator('.seed-question')).toContainText('W = 20');
      await expect(card.locator('.forecast')).toContainText('W = 20');
      await expect(page.locator('[data-field="W"] .label')).toHaveText(/ W$/);
      // No link inside the question's card (its way back shows only once the inputs change).
      await expect(card.locator('a:visible')).toHaveCount(0);
      const next = page.locator('.follow-ups-wrap a');
      await expect(next).toBeHidden();
      // S = 4, L = 200, W = 20: 4 · 200 / 20 = 40 warps needed ≤ 64: yes, hidden.
      await guess(page, l.yes);
      await expect(page.locator('[data-forecast-feedback]')).toHaveAttribute('data-guess', 'right');
      await expect(next).toBeVisible();
      await expect(next).toHaveText(l.caseH);
      await expect(next).toHaveAttribute('href', /W=10/);
    });

    test('lessons 1 and 2 ask their follow-up before its answer is on the screen', async ({ app, page }) => {
      // Lesson 2, paths 12 and 9 on 16 lanes each: 12 + 9 = 21 cycles; the efficiency is the
      // longer path over the sum, 12 / 21 = 57.1 % (seed 003 Ex 1), and "50 %, half each way"
      // is the answer most people give: 12.5 % off.
      await app.open(`?example=divergence/C1${l.q}`);
      await guess(page, '21 cycles');
      const feedback = page.locator('[data-forecast-feedback]');
      await expect(feedback).toHaveAttribute('data-guess', 'right');
      await expect(page.locator('[data-forecast-then="efficiency"]')).toBeVisible();
      await expect(page.locator('input[name="forecast-guess"][data-forecast-metric="efficiency"]')).toHaveValue('');
      // The key figure is shown; the efficiency, the picture and the worked steps are not.
      await expect(app.figure('diverged-cycles')).toBeVisible();
      await expect(app.figure('efficiency')).toBeHidden();
      await expect(page.locator('.picture')).toBeHidden();
      await expect(page.locator('.worked-wrap')).toBeHidden();
      await expect(page.getByText('57.1', { exact: false }).filter({ visible: true })).toHaveCount(0);
      await guess(page, '50%');
      await expect(feedback).toContainText(/50\s?%.*57\.14\s?%/);
      await expect(app.figure('efficiency')).toBeVisible();
      await expect(page.locator('.picture')).toBeVisible();
      // Lesson 1, a block of 100: ⌈100 / 32⌉ = 4 warps, then 4 · 32 − 100 = 28 idle lanes.
      await app.open(`?example=warp-scheduling/B${l.q}`);
      await guess(page, '4');
      await expect(app.figure('idle-lanes-per-block')).toBeHidden();
      await expect(page.locator('[data-forecast-then="idle-lanes-per-block"]')).toBeVisible();
      await guess(page, '28');
      await expect(app.figure('idle-lanes-per-block')).toBeVisible();
      await expect(app.figure('idle-lanes-per-block')).toHaveAttribute('data-value', '28');
    });
  });

  test.describe(`tall pictures on a 390 × 844 phone (${l.lang})`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("a tall picture is the page's own length, the inputs a press away, a sideways scroller marked", async ({ app, page }) => {
      for (const q of ['?panel=mma&mode=ldmatrix', '?panel=banks&mode=tile&tile=32']) {
        await app.open(`${q}${l.q}`);
        await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
        // No box of its own: the picture scrolls with the page (it was 633 px holding 2,698).
        expect(await page.locator('.picture').evaluate((p) => p.scrollHeight > p.clientHeight + 1), q).toBe(false);
        const form = page.locator('form.controls');
        expect((await form.boundingBox())!.y, q).toBeGreaterThan(844);
        // "To the inputs", stuck to the screen's foot, 44 px.
        const to = page.locator('[data-action="to-inputs"]');
        const box = (await to.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.y + box.height).toBeLessThanOrEqual(844);
        await to.tap();
        await expect.poll(async () => Math.round((await form.boundingBox())!.y), q).toBeLessThan(422);
        expect((await form.boundingBox())!.y).toBeGreaterThanOrEqual(-1);
      }
      // A scroller wider than the screen marks the edge with more: the fragment grid's 16
      // columns of 36 px in 366 px; the accent on its right at the start, on its left at the end.
      const accent = 'rgb(179, 38, 30)';
      for (const q of ['?panel=mma&operand=a', '?panel=mma&mode=ldmatrix&embed=1']) {
        await app.open(`${q}${l.q}`);
        const scroller = page.locator('.mma-scroll').first();
        expect(await scroller.evaluate((g) => g.scrollWidth > g.clientWidth), q).toBe(true);
        await expect.poll(() => scroller.evaluate((g) => getComputedStyle(g).borderRightColor), q).toBe(accent);
        await scroller.evaluate((g) => { g.scrollLeft = g.scrollWidth; });
        await expect.poll(() => scroller.evaluate((g) => getComputedStyle(g).borderLeftColor), q).toBe(accent);
        await expect.poll(() => scroller.evaluate((g) => getComputedStyle(g).borderRightColor), q).not.toBe(accent);
      }
    });
  });
}
