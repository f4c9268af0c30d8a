import type { FrameLocator, Page } from '@playwright/test';
import { APP } from './ports';

// A quiz's right answers, read from its own GIFT export, and a wrong answer for each: what the
// SCORM and assignment specs answer with.

/** The right answer of each question: a number, an option's index, or yes/no. */
export async function rightAnswers(scope: Page | FrameLocator): Promise<string[]> {
  // A page's prerendered markup holds its default quiz until the app is live (and an old
  // `?panel=` link is sent on to its page first, issue 63): read the export only then.
  await scope.locator('html[data-app="live"]').waitFor({ state: 'attached' });
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

/** A wrong answer for a question whose right one is `right`. */
export function wrong(right: string): string {
  if (right === 'yes') return 'no';
  if (right === 'no') return 'yes';
  if (/^\d+$/.test(right) && right.length <= 1) return right === '0' ? '1' : '0';
  return '999999';
}

/** The right answers of the quiz at `query`, read from its own ungraded page in another browser
 *  profile (a new context): a graded frame offers no export (issue 43), and in this browser the
 *  same quiz holds back its export while an assignment's step of it is unfinished (issue 64,
 *  way 4). An instructor's copy of the answers, as the tests need them. */
export async function rightAnswersOf(page: Page, query: string): Promise<string[]> {
  const other = await page.context().browser()!.newContext({ serviceWorkers: 'block' });
  const tab = await other.newPage();
  await tab.goto(`${APP}?${query}`);
  const answers = await rightAnswers(tab);
  await other.close();
  return answers;
}
