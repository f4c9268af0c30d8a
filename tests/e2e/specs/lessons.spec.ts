import { test, expect } from './fixtures';
import { EXAMPLES } from './examples';
import { stateOf } from './registry';
import { APP } from './ports';

// Issue 27: each lesson asks one quantity and its Forecast field takes that quantity, in the
// question's unit; the answer typed as the learner would write it is right, the wrong answers
// learners give are off (or close), and a guess the field cannot read reveals nothing.
// Answers derived by hand:
// - lesson 1, block 100: ⌈100 / 32⌉ = 4 warps ("3 or 4?": 3 is off by 25 %);
// - lesson 2, paths 12 and 9 on 16 lanes each: both run, 12 + 9 = 21 cycles (12, the longer
//   path alone, is off by 43 %; 20 is within 10 %: close);
// - lesson 3, S = 4, L = 200, W = 20 (seed 004's C): 4 · 200 / 20 = 40 warps needed ≤ 64: yes;
// - lesson 4, 32 lanes × 4 bytes = 128 bytes in one segment: 1 transaction (32 is off);
// - lesson 5, 8 warps on the same 32 floats under ld.ca: 28 of 32 sectors hit L1, 7/8 = 87.5 %
//   (1/8, the first warp's share, and 0, "caches start cold", are the wrong answers);
// - lesson 6, 8,192 FLOP / 49,152 bytes = 1/6 FLOP/byte < the A100's ridge 12.54: memory.
const LESSONS = [
  { id: 'map', opens: 'example=warp-scheduling/B', metric: 'warps-per-block', right: ['4', '4 warps'], wrong: [['3', 'off'], ['3 warps', 'off']], next: 'divergence' },
  { id: 'divergence', opens: 'example=divergence/C1', metric: 'diverged-cycles', right: ['21', '21 cycles'], wrong: [['12', 'off'], ['20', 'close'], ['57%', 'off']], next: 'latency' },
  { id: 'latency', opens: 'example=execution-model/G', metric: 'latency-hidden', right: ['yes', 'haan'], wrong: [['no', 'off']], next: 'coalescing' },
  { id: 'coalescing', opens: 'example=execution-model/D', metric: 'transactions', right: ['1', '1 transaction'], wrong: [['32', 'off'], ['4 transactions', 'off']], next: 'bytes' },
  { id: 'bytes', opens: 'example=memory/reuse', metric: 'l1-hit-rate', right: ['87.5%', '0.875', '7/8'], wrong: [['12.5%', 'off'], ['0', 'off'], ['100%', 'off']], next: 'roofline' },
  { id: 'roofline', opens: 'example=memory/saxpy', metric: 'bound', right: ['memory', 'memory-bound', 'Memory bound'], wrong: [['compute', 'off'], ['compute-bound', 'off']], next: 'quiz' },
];

async function guess(page: import('@playwright/test').Page, text: string) {
  await page.locator('input[name="forecast-guess"]').fill(text);
  await page.locator('[data-action="reveal"]').click();
}

for (const l of LESSONS) {
  test(`lesson "${l.id}" asks for ${l.metric} and takes its answer as right`, async ({ app, page }) => {
    for (const right of l.right) {
      await app.open(`?${l.opens}`);
      await expect(page.locator(`input[name="forecast-guess"][data-forecast-metric="${l.metric}"]`)).toHaveCount(1);
      await guess(page, right);
      await expect(page.locator('[data-forecast-feedback]'), right).toHaveAttribute('data-guess', 'right');
    }
    for (const [wrong, verdict] of l.wrong) {
      await app.open(`?${l.opens}`);
      await guess(page, wrong);
      await expect(page.locator('[data-forecast-feedback]'), wrong).toHaveAttribute('data-guess', verdict);
    }
  });
}

test('a guess the field cannot read reveals nothing and says what to write', async ({ app, page }) => {
  // Lesson 3's old field took "G" (the case's name) and answered "the answer is yes".
  await app.open('?example=execution-model/G');
  await guess(page, 'G');
  await expect(page.locator('[data-forecast-unread]')).toContainText('yes or no');
  await expect(page.locator('[data-forecast-feedback]')).toHaveCount(0);
  await expect(page.locator('.key-figures')).toBeHidden();
  await expect(page.locator('input[name="forecast-guess"]')).toBeFocused();
  await expect(page.locator('input[name="forecast-guess"]')).toHaveValue('G');
  await guess(page, 'yes');
  await expect(page.locator('[data-forecast-feedback]')).toHaveAttribute('data-guess', 'right');
  // Another figure's unit is not this one's: lesson 2 asks cycles, not warps.
  await app.open('?example=divergence/C1');
  await guess(page, '21 warps');
  await expect(page.locator('[data-forecast-unread]')).toContainText('cycles');
});

test('Enter in the guess field reveals and puts the focus on the feedback; the follow-up comes after', async ({ app, page }) => {
  await app.open('?example=divergence/C1');
  await expect(page.locator('[data-forecast-then]')).toBeHidden();
  await page.locator('input[name="forecast-guess"]').fill('21 cycles');
  await page.locator('input[name="forecast-guess"]').press('Enter');
  const fb = page.locator('[data-forecast-feedback]');
  await expect(fb).toHaveAttribute('data-guess', 'right');
  await expect(fb).toBeFocused();
  await expect(fb).toHaveText('You guessed 21 cycles: right, the answer is 21 cycles.');
  // The seed's efficiency question follows the reveal, in the same field (issue 66).
  await expect(page.locator('[data-forecast-then="efficiency"]')).toContainText('efficiency');
  await expect(page.locator('input[name="forecast-guess"]')).toHaveAttribute('data-forecast-metric', 'efficiency');
});

test("every worked example takes its key figure's own text as a right guess", async ({ app, page }) => {
  test.setTimeout(120_000);
  const wrong: string[] = [];
  for (const key of EXAMPLES) {
    await app.open(`?example=${key}`);
    const fig = page.locator('.figure.key');
    // In the document under `hidden`, as the page would show it: "4 warps", "57.14%", "(6, 0, 2)", "yes".
    const value = (await fig.locator('.value').textContent())!.trim();
    const unit = (await fig.locator('.unit').textContent())!.trim();
    const metric = await fig.locator('dd[data-metric]').getAttribute('data-metric');
    await expect(page.locator(`input[name="forecast-guess"][data-forecast-metric="${metric}"]`), key).toHaveCount(1);
    await guess(page, unit ? `${value} ${unit}` : value);
    const verdict = await page.locator('[data-forecast-feedback]').getAttribute('data-guess');
    if (verdict !== 'right') wrong.push(`${key}: "${value} ${unit}" → ${verdict}`);
  }
  expect(wrong).toEqual([]);
});

test('every lesson links on to the next, the last seed lesson to the quiz, in both languages', async ({ app, page }) => {
  for (const lang of ['', '&lang=hinglish']) {
    await app.open(`?${LESSONS[0].opens}${lang}`);
    for (const [i, l] of LESSONS.entries()) {
      // The lesson's state, at its prerendered page's path or in the query (issue 42).
      const [key, value] = l.opens.split('=');
      await expect.poll(() => stateOf(page.url(), APP).get(key)).toBe(value);
      const next = page.locator('a[data-next-lesson]');
      await expect(next).toHaveAttribute('data-next-lesson', l.next);
      await expect(next.locator('..')).toContainText(`${i + 1}`);
      await next.click();
    }
    await expect(page.locator('[data-panel="quiz"]')).toBeVisible();
    if (lang) expect(stateOf(page.url(), APP).get('lang')).toBe('hinglish');
  }
  // An example outside the path links nowhere.
  await app.open('?example=warp-scheduling/A');
  await expect(page.locator('a[data-next-lesson]')).toHaveCount(0);
});

test('the home page asks each lesson the quantity its Forecast takes', async ({ app, page }) => {
  await app.open('./');
  await expect(page.locator('[data-lesson="map"]')).toContainText('how many 32-lane warps');
  await expect(page.locator('[data-lesson="map"]')).not.toContainText('idle');
  await expect(page.locator('[data-lesson="coalescing"]')).toContainText('transactions');
});
