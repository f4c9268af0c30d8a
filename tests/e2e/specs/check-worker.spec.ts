import type { Frame, Page } from '@playwright/test';
import { test, expect } from './fixtures';

// A check always ends, and the page never freezes (issue 43): a learner's kernel that never
// ends froze the tab for 195 s on main 82b8d9f (and the assignment that held it), every test
// ran after the first had failed, all of it on the page's main thread. The check now runs in
// its worker (src/check_worker.rs), ends at the first failing test, and allows each test at
// most the lab's own budget.

// A course author's challenge (as in the issue): the reference loops 20,000 times in one warp,
// so 50 × its cost is over the ceiling, and a kernel that never ends stops at 2,000,000.
const REF =
  '__global__ void slow(const int* in, int* out, int n) {\n    int acc = 0;\n    for (int k = 0; k < 20000; k++) {\n        acc = acc ^ k;\n    }\n    out[threadIdx.x] = in[threadIdx.x] + acc - acc;\n}\n';
const ENDLESS =
  '__global__ void slow(const int* in, int* out, int n) {\n    int acc = 0;\n    while (acc >= 0) {\n        acc = acc + 0;\n    }\n}\n';
// Right, and slow: 30 × the reference's loop (3 instructions an iteration: 1,800,000 a test,
// inside the 2,000,000) on each of ten tests, so the check lasts long enough to be watched
// and stopped.
const SLOW_RIGHT = REF.replace('k < 20000', 'k < 600000');
const TESTS = Array.from({ length: 10 }, () => 'n=32,block=32').join(';');
const CUSTOM = `panel=kernel&challenge=custom&ref=${encodeURIComponent(REF)}&tests=${encodeURIComponent(TESTS)}`;

/**
 * Starts counting the page's long tasks (over 50 ms, as the browser reports them) and the time
 * from now, on the page's own clock.
 */
async function watchLongTasks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { longest: number; watchedFrom: number };
    w.longest = 0;
    w.watchedFrom = performance.now();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
}
const longestTask = (page: Page) => page.evaluate(() => (window as unknown as { longest: number }).longest);
/** Milliseconds since `watchLongTasks`, on the page's clock. */
const sinceWatched = (page: Page) =>
  page.evaluate(() => performance.now() - (window as unknown as { watchedFrom: number }).watchedFrom);

/**
 * Starts noting, on the page's clock, each time the running check's status names a new test:
 * the gap between two is how long one test takes in the worker on this machine, now.
 */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { testStarts: number[]; lastTest: string };
    w.testStarts = [];
    w.lastTest = '';
    new MutationObserver(() => {
      const n = document.querySelector('[data-check="running"]')?.textContent?.match(/test (\d+) of/)?.[1];
      if (n && n !== w.lastTest) {
        w.lastTest = n;
        w.testStarts.push(performance.now());
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
/** The shortest gap between two tests' starts noted so far, in ms. */
const oneTestTook = (page: Page) =>
  page.evaluate(() => {
    const t = (window as unknown as { testStarts: number[] }).testStarts;
    return Math.min(...t.slice(1).map((x, i) => x - t[i]));
  });

/**
 * How long the page takes to answer a click, in ms: from the click to the next frame it
 * paints, measured in the page (Playwright's own round trips left out). The editor's
 * numbered-lines toggle would be as good; the heading is on every page and changes nothing.
 */
async function clickAnswersIn(where: Page | Frame) {
  return where.evaluate(async () => {
    const el = document.querySelector('h1') as HTMLElement;
    const t0 = performance.now();
    el.click();
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    return performance.now() - t0;
  });
}

// How long a check may take here is the machine's business (the bench times it, a test does not:
// on a CI machine busy with other work a deadline of 5 s failed a right worker, and a fixed
// 200 ms for the page's longest task failed once where the worker and another test's worker held
// both cores). What is promised is that the endless kernel is stopped at the step budget, named,
// and that the page's thread never waits for it; so the page's longest task and a click's answer
// are compared with how long the worker's run took in the same test, on the same machine
// (a ratio in one run, as the bench compares). Run on the page, the kernel would be one task as
// long as the check (~2.3 s here, idle: the ratio ~1); in the worker the page's longest task is
// 0-130 ms here, the 2-core machine idle or with both cores busy: a ratio of 0-0.06 against
// the quarter allowed. A 1.5 s task put on the page during the check fails each of the three
// (tried: 1,500 ms against 670 and 895 allowed; 1,000 against 378 for one test).
const AT_MOST = 0.25;
const REPORTED = { timeout: 30_000 };

test('an endless kernel is stopped at the step budget and reported, and the page answers meanwhile', async ({ app, page }) => {
  await app.open(`?${CUSTOM}`);
  await page.locator('#kernel-src').fill(ENDLESS);
  await watchLongTasks(page);
  await page.locator('[data-action="check"]').click();
  const failure = page.locator('[data-challenge-failure]');
  await expect(failure).toHaveAttribute('data-challenge-failure', 'run', REPORTED);
  // Test 1 ran out, in the loop's line, and the report says which budget and why.
  await expect(failure).toContainText('Test 1 (');
  await expect(failure).toContainText('step budget of 2000000 warp instructions in the loop at line 3');
  await expect(failure).toContainText('at most 2000000');
  const checkTook = await sinceWatched(page);
  await expect(app.figure('challenge-tests-passed')).toHaveAttribute('data-value', '0');
  // The page's thread never held on for a quarter of the check: the kernel ran in the worker,
  // and the page does not run a failed check's kernel itself.
  expect(await longestTask(page)).toBeLessThan(AT_MOST * checkTook);
});

test('a long check shows its progress, the page answers a click at once, and Stop ends it', async ({ app, page }) => {
  await app.open(`?${CUSTOM}`);
  await page.locator('#kernel-src').fill(SLOW_RIGHT);
  await watchLongTasks(page);
  await watchProgress(page);
  await page.locator('[data-action="check"]').click();
  const status = page.locator('[data-check="running"]');
  await expect(status).toContainText(/Checking: test \d+ of 10/);
  // Two tests' starts seen: how long one test takes in the worker, here and now.
  await expect(status).toContainText(/Checking: test ([3-9]|10) of 10/, REPORTED);
  const oneTest = await oneTestTook(page);
  // A click elsewhere answers in under a quarter of one test while the tests run.
  for (let i = 0; i < 5; i++) expect(await clickAnswersIn(page)).toBeLessThan(AT_MOST * oneTest);
  await expect(status).toBeVisible();
  await page.locator('[data-action="stop-check"]').click();
  await expect(page.locator('[data-check="stopped"]')).toContainText('nothing was graded');
  await expect(status).toHaveCount(0);
  await expect(app.figure('challenge-passed')).toHaveCount(0);
  expect(await longestTask(page)).toBeLessThan(AT_MOST * oneTest);
  // The code is the learner's still, and Check starts again.
  await expect(page.locator('#kernel-src')).toHaveValue(SLOW_RIGHT);
});

test('inside an assignment too: the endless kernel is reported, the assignment page answers', async ({ app, page }) => {
  await app.open(`?assignment=1&title=Loop&step=${encodeURIComponent(CUSTOM)}`);
  const step = page.frameLocator('iframe[data-step-frame]');
  await step.locator('#kernel-src').fill(ENDLESS);
  await watchLongTasks(page);
  await step.locator('[data-action="check"]').click();
  // Meanwhile the assignment page and the step's own page answer a click at once.
  const frame = page.frames().find((f) => /\/kernel\//.test(f.url()))!;
  const answers = [await clickAnswersIn(page), await clickAnswersIn(frame)];
  await expect(step.locator('[data-challenge-failure]')).toHaveAttribute('data-challenge-failure', 'run', REPORTED);
  const checkTook = await sinceWatched(page);
  await expect(step.locator('[data-challenge-failure]')).toContainText('step budget of 2000000 warp instructions');
  for (const a of answers) expect(a).toBeLessThan(AT_MOST * checkTook);
  expect(await longestTask(page)).toBeLessThan(AT_MOST * checkTook);
});

test('the check runs in its worker, in the page’s language', async ({ app, page }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await app.open('?panel=kernel&challenge=add-ten&lang=hinglish');
  await page.locator('[data-action="check"]').click();
  // The empty starter fails, in Hinglish words.
  await expect(page.locator('[data-challenge-failure]')).toContainText('Test 1');
  expect(workers.some((u) => /check-worker-hinglish-[0-9a-f]{10}\.js$/.test(u)), workers.join(' ')).toBe(true);
});
