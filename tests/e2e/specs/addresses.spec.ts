// The address table (tests/addresses.txt, issue 63): the loader sends a query whose view has a
// page of its own to that page, the rest of the query kept as the page's query, before anything
// else happens; a query no page draws stays on the root's page. The model reads the same table
// (crates/warp-model/tests/addresses.rs), so the loader's half of the rule and the model's are
// checked against one list.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test, expect } from './fixtures';
import { APP } from './ports';

type Row = { query: string; path: string; search: string };

/** The table's rows: the query, and the page (path, relative to the site's root) and query the browser ends at. */
const ROWS: Row[] = readFileSync(resolve(__dirname, '../../addresses.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((l) => {
    const [query, to] = l.split(' -> ');
    const root = to.startsWith('root ');
    const target = root ? to.slice('root '.length) : to;
    const [path, search = ''] = target.split('?');
    return { query: query.trim(), path: path === './' ? '' : path, search };
  });

/** A query's pairs, decoded, in order. */
const pairs = (search: string) => [...new URLSearchParams(search)];

test(`every query of the address table opens its page, the rest kept as its query (${ROWS.length} rows)`, async ({ page }) => {
  test.setTimeout(ROWS.length * 3_000 + 10_000);
  expect(ROWS.length).toBeGreaterThanOrEqual(25);
  for (const row of ROWS) {
    await page.goto(`${APP}?${row.query}`);
    await expect
      .poll(() => {
        const u = new URL(page.url());
        return [u.pathname, pairs(u.search)];
      }, { message: row.query })
      .toEqual([new URL(APP).pathname + row.path, pairs(row.search)]);
    // The page the browser ended at is drawn by the app, for that state.
    await expect(page.locator('html[data-app="live"]'), row.query).toBeAttached();
  }
});

test('an address on another page than its view is sent on to the view\'s page', async ({ page }) => {
  // `warps/?panel=divergence`: the address's `panel=` replaces the page's.
  await page.goto(`${APP}warps/?panel=divergence&paths=8,8`);
  await expect.poll(() => new URL(page.url()).pathname).toBe(`${new URL(APP).pathname}divergence/`);
  expect(pairs(new URL(page.url()).search)).toEqual([['paths', '8,8']]);
  await expect(page.locator('html[data-app="live"]')).toBeAttached();
  await expect(page.locator('input[name="paths"]')).toHaveValue('8,8');
});

test('old query links open the same state, with the same figures, as the addresses the app writes now', async ({ page }) => {
  test.setTimeout(60_000);
  const figures = async () => {
    await expect(page.locator('html[data-app="live"]')).toBeAttached();
    return page.locator('[data-metric]').evaluateAll((els) =>
      els.map((e) => `${e.getAttribute('data-metric')}=${e.getAttribute('data-value')}`));
  };
  for (const [old, now] of [
    ['?panel=coalescing&stride=2&embed=1', 'embed/coalescing/?stride=2'],
    ['?example=divergence/C1&lang=hinglish', 'hinglish/example/divergence/C1/'],
    ['?panel=warps&block=32,32', 'warps/with/?block=32,32'],
    ['?panel=banks&stride=4&lang=hinglish', 'hinglish/banks/?stride=4'],
  ]) {
    await page.goto(APP + old);
    const before = await figures();
    await page.goto(APP + now);
    const after = await figures();
    expect(before.length, old).toBeGreaterThan(0);
    expect(before, old).toEqual(after);
  }
});
