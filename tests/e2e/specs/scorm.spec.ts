import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FrameLocator, Page } from '@playwright/test';
import { test, expect } from './fixtures';

// The quiz as a SCORM package, end to end: downloaded from the release build, unzipped with a
// standard unzip, served as an LMS serves a package, and launched by scorm-again (a real SCORM
// runtime) in reference/scorm.html for 1.2 and 2004.

const packages = resolve(__dirname, '../.packages');
const QUIZ = 'panel=quiz&topic=warps&seed=7&count=4';

/** Downloads the package of `QUIZ` for `version` at `pass` %, unzips it into .packages/<dir>/,
 *  and returns its file list and manifest text. */
async function download(page: Page, version: '1.2' | '2004', pass: string) {
  await page.goto(`?${QUIZ}`);
  await page.locator('details.scorm summary').click();
  await page.locator('select[name=scorm-version]').selectOption(version);
  await page.locator('input[name=pass-score]').fill(pass);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action=download-scorm]').click()]);
  await expect(page.locator('[data-scorm-status=done]')).toBeVisible();
  const dir = version === '1.2' ? '12' : '2004';
  mkdirSync(packages, { recursive: true });
  const zip = join(packages, `${dir}.zip`);
  await dl.saveAs(zip);
  expect(dl.suggestedFilename()).toBe(`warp-lab-quiz-warps-7-4-scorm${dir}.zip`);
  rmSync(join(packages, dir), { recursive: true, force: true });
  // A standard unzip: it tests every CRC, then extracts.
  execFileSync('unzip', ['-tq', zip]);
  execFileSync('unzip', ['-q', zip, '-d', join(packages, dir)]);
  const listing = execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n');
  const manifest = readFileSync(join(packages, dir, 'imsmanifest.xml'), 'utf8');
  return { dir, listing, manifest };
}

/** The manifest read by the browser's XML parser. */
async function readManifest(page: Page, xml: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const byTag = (t: string) => Array.from(doc.getElementsByTagName(t));
    return {
      error: byTag('parsererror').length > 0,
      ns: doc.documentElement.namespaceURI,
      schema: byTag('schema')[0]?.textContent,
      schemaversion: byTag('schemaversion')[0]?.textContent,
      launch: byTag('resource')[0]?.getAttribute('href'),
      scormType: byTag('resource')[0]?.getAttribute('adlcp:scormtype') ?? byTag('resource')[0]?.getAttribute('adlcp:scormType'),
      files: byTag('file').map((f) => f.getAttribute('href')),
      mastery: byTag('adlcp:masteryscore')[0]?.textContent ?? null,
      measure: byTag('imsss:minNormalizedMeasure')[0]?.textContent ?? null,
      title: byTag('title')[0]?.textContent,
    };
  }, xml);
}

/** The right answer of each question, read from the quiz's own GIFT export: a number, an
 *  option's index, or yes/no. */
async function rightAnswers(scope: Page | FrameLocator): Promise<string[]> {
  const gift = await scope.locator('[data-gift]').inputValue();
  return gift.split('\n\n').filter((b) => b.startsWith('::')).map((b) => {
    const body = b.slice(b.lastIndexOf('{') + 1, b.lastIndexOf('}'));
    if (body.startsWith('#')) return body.slice(1).split(':')[0];
    if (body === 'TRUE') return 'yes';
    if (body === 'FALSE') return 'no';
    const marks = [...body.matchAll(/(?:^|(?<=\s))[=~]/g)].map((m) => m[0]);
    return String(marks.indexOf('='));
  });
}

/** Answers question `i` in the frame with `value` (a number's text, an option index, yes/no). */
async function answer(frame: FrameLocator, i: number, value: string) {
  const card = frame.locator('[data-quiz-question]').nth(i);
  const text = card.locator('input[name=answer][type=text]');
  if (await text.count()) await text.fill(value);
  else await card.locator(`input[name=answer][value="${value}"]`).check();
  await card.locator('button[type=submit]').click();
  await expect(card.locator('[data-quiz-feedback]')).toBeVisible();
}

/** A wrong answer for a question whose right one is `right`. */
function wrong(right: string): string {
  if (right === 'yes') return 'no';
  if (right === 'no') return 'yes';
  if (/^\d+$/.test(right) && right.length <= 1) return right === '0' ? '1' : '0';
  return '999999';
}

async function lmsData(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => (window as any).lms.data());
}

for (const [version, pass] of [['1.2', '50'], ['2004', '80']] as const) {
  test(`SCORM ${version}: the downloaded package launches in scorm-again, records every answer, and resumes`, async ({ app, page }) => {
    test.setTimeout(90_000);
    const { dir, listing, manifest } = await download(page, version, pass);
    const answers = await rightAnswers(page);
    expect(answers).toHaveLength(4);

    // The package: every file of the site (files.txt) and the manifest, nothing else.
    const site = (await (await page.request.get('files.txt')).text()).trim().split('\n');
    expect([...listing].sort()).toEqual([...site, 'imsmanifest.xml'].sort());
    const m = await readManifest(page, manifest);
    expect(m.error).toBe(false);
    expect(m.schema).toBe('ADL SCORM');
    expect(m.files.sort()).toEqual([...site].sort());
    expect(m.launch).toBe(`index.html?${QUIZ}&lms=scorm`);
    expect(m.scormType).toBe('sco');
    expect(m.title).toMatch(/^Warp Lab quiz: .+, 4 questions \(seed 7\)$/);
    if (version === '1.2') {
      expect(m.ns).toBe('http://www.imsproject.org/xsd/imscp_rootv1p1p2');
      expect(m.schemaversion).toBe('1.2');
      // ⌈0.5 · 4⌉ = 2 right answers pass.
      expect(m.mastery).toBe('2');
    } else {
      expect(m.ns).toBe('http://www.imsglobal.org/xsd/imscp_v1p1');
      expect(m.schemaversion).toBe('2004 4th Edition');
      expect(m.measure).toBe('0.8');
    }

    // The LMS launches it; the LMS hands the passing score over as it read it from the manifest.
    const launch = `/package/${dir}/${m.launch}`;
    const threshold = version === '1.2' ? { 'cmi.student_data.mastery_score': m.mastery } : { 'cmi.scaled_passing_score': m.measure };
    await page.goto('reference/scorm.html');
    await page.evaluate(([v, u, t]) => (window as any).lms.launch(v, u, t), [version, launch, threshold] as const);
    const frame = page.frameLocator('#sco');
    await expect(frame.locator('[data-lms-notice=recording]')).toBeVisible();

    // Question 1 right, question 2 wrong.
    await answer(frame, 0, answers[0]);
    await answer(frame, 1, wrong(answers[1]));
    await expect(frame.locator('[data-metric=quiz-score]')).toHaveAttribute('data-value', '1/2');
    let cmi = await lmsData(page);
    const p = version === '1.2' ? 'cmi.core.' : 'cmi.';
    expect(cmi[`${p}score.raw`]).toBe('1');
    expect(cmi[`${p}score.max`]).toBe('4');
    expect(cmi[`${p}score.min`]).toBe('0');
    if (version === '1.2') expect(cmi['cmi.core.lesson_status']).toBe('incomplete');
    else {
      expect(cmi['cmi.completion_status']).toBe('incomplete');
      expect(cmi['cmi.success_status']).toBe('unknown');
      // 1 / 4
      expect(cmi['cmi.score.scaled']).toBe('0.25');
    }
    const suspend = cmi['cmi.suspend_data'];
    expect(suspend).toMatch(/^wl1;warps;7;4;4;0,y,\d+,[^;]+;1,n,\d+,[^;]+;[0-9a-f]{8}$/);

    // Leave mid-quiz and come back: the same questions, the two answers kept.
    const prompts = await frame.locator('[data-quiz-question] .prompt').allTextContents();
    await page.evaluate(([u, t]) => (window as any).lms.relaunch(u, t), [launch, threshold] as const);
    await expect(frame.locator('[data-lms-notice=resumed]')).toBeVisible();
    expect(await frame.locator('[data-quiz-question] .prompt').allTextContents()).toEqual(prompts);
    await expect(frame.locator('[data-quiz-feedback]')).toHaveCount(2);
    await expect(frame.locator('[data-quiz-feedback]').nth(0)).toHaveAttribute('data-correct', 'true');
    await expect(frame.locator('[data-metric=quiz-score]')).toHaveAttribute('data-value', '1/2');

    // Questions 3 and 4 right: 3 of 4.
    await answer(frame, 2, answers[2]);
    await answer(frame, 3, answers[3]);
    await expect(frame.locator('[data-metric=quiz-score]')).toHaveAttribute('data-value', '3/4');
    cmi = await lmsData(page);
    expect(cmi[`${p}score.raw`]).toBe('3');
    expect(cmi[`${p}score.max`]).toBe('4');
    const results = [0, 1, 2, 3].map((n) => cmi[`cmi.interactions.${n}.result`]);
    const ids = [0, 1, 2, 3].map((n) => cmi[`cmi.interactions.${n}.id`]);
    expect(ids.map((id) => id?.slice(0, 4))).toEqual(['q01-', 'q02-', 'q03-', 'q04-']);
    // Each response in its type's format: t/f (1.2) or true/false (2004), a letter, a decimal.
    const response = version === '1.2' ? 'student_response' : 'learner_response';
    const formats: Record<string, RegExp> = {
      'true-false': version === '1.2' ? /^[tf]$/ : /^(true|false)$/, choice: /^[a-z]$/, numeric: /^-?\d+(\.\d+)?$/,
    };
    for (let n = 0; n < 4; n++) {
      const type = cmi[`cmi.interactions.${n}.type`];
      expect(Object.keys(formats)).toContain(type);
      expect(cmi[`cmi.interactions.${n}.${response}`]).toMatch(formats[type]);
      expect(cmi[`cmi.interactions.${n}.latency`]).toMatch(version === '1.2' ? /^\d{2,4}:\d\d:\d\d(\.\d{1,2})?$/ : /^PT/);
    }
    if (version === '1.2') {
      expect(results).toEqual(['correct', 'wrong', 'correct', 'correct']);
      // 3 ≥ mastery 2: passed.
      expect(cmi['cmi.core.lesson_status']).toBe('passed');
    } else {
      expect(results).toEqual(['correct', 'incorrect', 'correct', 'correct']);
      // 3 / 4 = 0.75 < 0.8: completed, failed.
      expect(cmi['cmi.score.scaled']).toBe('0.75');
      expect(cmi['cmi.completion_status']).toBe('completed');
      expect(cmi['cmi.success_status']).toBe('failed');
    }
    expect(cmi['cmi.suspend_data']).toMatch(/^wl1;warps;7;4;4;(\d,[yn],\d+,[^;]+;){4}[0-9a-f]{8}$/);
    void app;
  });
}

test('an LMS that refuses every write: said on screen, and no answer is lost', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('reference/scorm.html');
  const url = `/?${QUIZ}&lms=scorm`;
  await page.evaluate((u) => (window as any).lms.broken('1.2', u), url);
  const frame = page.frameLocator('#sco');
  await expect(frame.locator('[data-lms-notice=recording]')).toBeVisible();
  await answer(frame, 0, wrong((await rightAnswers(frame))[0]));
  await expect(frame.locator('[data-lms-notice=refused]')).toContainText('351');
  await expect(frame.locator('[data-metric=quiz-score]')).toHaveAttribute('data-value', '0/1');
  // Launched again (the LMS kept nothing): the answer comes back from this browser.
  await page.evaluate((u) => (window as any).lms.broken('1.2', u), url);
  await expect(frame.locator('[data-lms-notice=resent]')).toBeVisible();
  await expect(frame.locator('[data-quiz-feedback]')).toHaveCount(1);
});

test('an LMS that will not start a session, and no LMS at all: the quiz runs and says so', async ({ app, page }) => {
  await page.goto('reference/scorm.html');
  await page.evaluate((u) => (window as any).lms.broken('2004', u, { failInit: true }), `/?${QUIZ}&lms=scorm`);
  const frame = page.frameLocator('#sco');
  await expect(frame.locator('[data-lms-notice=initialize-failed]')).toContainText('101');
  await answer(frame, 0, wrong((await rightAnswers(frame))[0]));
  await expect(frame.locator('[data-metric=quiz-score]')).toHaveAttribute('data-value', '0/1');
  await app.open(`?${QUIZ}&lms=scorm`);
  await expect(page.locator('[data-lms-notice=no-lms]')).toBeVisible();
  await app.open(`?${QUIZ}&lms=moodle`);
  await expect(app.error('lms')).toContainText('scorm');
});

test('corrupt suspend data and a seed out of range: named messages, the quiz still recorded', async ({ page }) => {
  await page.goto('reference/scorm.html');
  // The checksum does not match what it covers.
  await page.evaluate((u) => (window as any).lms.launch('2004', u, { 'cmi.suspend_data': 'wl1;warps;7;4;4;0,y,5,1;deadbeef', 'cmi.entry': 'resume' }), `/?${QUIZ}&lms=scorm`);
  const frame = page.frameLocator('#sco');
  await expect(frame.locator('[data-lms-notice=resume-failed]')).toContainText('checksum');
  await expect(frame.locator('[data-quiz-feedback]')).toHaveCount(0);
  await answer(frame, 0, wrong((await rightAnswers(frame))[0]));
  const cmi = await lmsData(page);
  expect(cmi['cmi.suspend_data']).toMatch(/^wl1;warps;7;4;4;0,n,/);
  // A seed past u64: its named error, and a quiz (of a seed of its own) still under the LMS.
  await page.evaluate((u) => (window as any).lms.launch('1.2', u), '/?panel=quiz&topic=warps&seed=99999999999999999999999&count=4&lms=scorm');
  await expect(frame.locator('[data-error=seed]')).toBeVisible();
  await expect(frame.locator('[data-lms-notice=recording]')).toBeVisible();
});

test('a pass score out of range is a named error and makes no package', async ({ app, page }) => {
  await app.open(`?${QUIZ}`);
  await page.locator('details.scorm summary').click();
  await page.locator('input[name=pass-score]').fill('120');
  await expect(app.error('pass-score')).toContainText('0');
  await page.locator('[data-action=download-scorm]').click();
  await expect(page.locator('[data-scorm-status]')).toHaveCount(0);
});
