import { test, expect } from './fixtures';

// Bad URL parameters: each gets a named error, and the page around it keeps working.
const bad: [string, string, string][] = [
  ['?panel=warps&block=2000', 'block-x', 'from 1 to 1024'],
  ['?panel=warps&block=32,0', 'block-y', 'from 1 to 1024'],
  ['?panel=warps&block=1,1,65', 'block-z', 'from 1 to 64'],
  ['?panel=warps&block=64,32', 'block', 'at most 1024'],
  ['?panel=warps&block=abc', 'block-x', 'whole number'],
  ['?panel=warps&block=8,4,3&thread=96', 'thread', '0 to 95'],
  ['?panel=warps&block=100&warp=9', 'warp', '0 to 3'],
  ['?panel=warps&block=256&n=-3', 'n', '0 blocks'],
  ['?panel=warps&n=18446744073709551616', 'n', 'too large'],
  ['?panel=warps&image=12', 'image', 'WxH'],
  ['?panel=nope', 'panel', 'warps, divergence'],
  ['?example=warp-scheduling/Z', 'example', 'allowed A, B, C, C2'],
  ['?example=cooking/A', 'example', 'warp-scheduling'],
  // Issue 65: parts beyond the key's own are named.
  ['?panel=warps&block=32,2,2,999', 'block', 'the rest, “999”, is not read'],
  // Issue 65: the key the learner chose is named (tile 8 is fine for a column walk).
  ['?panel=banks&tile=8&walk=row', 'walk', 'Widen the tile'],
  ['?panel=kernel&grid=65535,65535', 'grid', 'Warp Lab runs at most 4096'],
  // Issue 65: a link's row=9 is read as given (B of m16n8k8 has rows 0 to 7), not fitted.
  ['?panel=mma&shape=m16n8k8&operand=b&row=9', 'row', 'allowed from 0 to 7'],
  // Issue 65: an empty challenge= opens the plain lab, and says so.
  ['?panel=kernel&challenge=', 'challenge', 'plain lab'],
  // Issue 65: a literal wider than 32 bits is a long long index, out of bounds at its line.
  ['?panel=kernel&src=' + encodeURIComponent('__global__ void k(float* a) {\n  a[4294967296] = 1.0f;\n}'), 'run', 'out-of-bounds store to a[4294967296]'],
];

for (const [query, param, text] of bad) {
  test(`${query} names ${param}`, async ({ app, page }) => {
    await app.open(query);
    await expect(app.error(param)).toContainText(text);
    await expect(page.locator('header nav')).toBeVisible();
  });
}

test('a typed mistake is named, keeps the text, and clears when fixed', async ({ app }) => {
  await app.open('?panel=warps&block=48,4');
  await app.field('block-x').fill('4o');
  await expect(app.error('block-x')).toContainText('“4o”');
  await expect(app.field('block-x')).toHaveValue('4o');
  await expect(app.field('block-x')).toHaveAttribute('aria-invalid', 'true');
  await app.field('block-x').fill('40');
  await expect(app.error('block-x')).toHaveCount(0);
  await expect(app.figure('threads-per-block')).toHaveAttribute('data-value', '160');
});

test('script payloads in parameters are shown as text, never run', async ({ app, page }) => {
  let ran = false;
  await page.exposeFunction('pwned', () => { ran = true; });
  const payload = encodeURIComponent('<img src=x onerror=pwned()><script>pwned()</script>');
  await app.open(`?panel=warps&block=${payload}&image=${payload}&n=${payload}`);
  await expect(app.error('block-x')).toContainText('<img');
  await app.open(`?panel=${payload}`);
  await expect(app.error('panel')).toBeVisible();
  expect(ran).toBe(false);
});

// Issue 67: the learner's source and `watch=` reach the lab's string builders (the editor's
// rows, the step-through's listing, the per-line table, the watch list): each payload, in a
// comment on the store's line, is shown as text there and in the textarea, and never runs.
test('payloads in src= and watch= are text in the editor, the step-through, the per-line table and the watch list', async ({ app, page }) => {
  let ran = false;
  await page.exposeFunction('pwned', () => { ran = true; });
  for (const payload of ['<img src=x onerror=pwned()>', '"><svg onload=pwned()>', '</textarea><script>pwned()</script>']) {
    const src = `__global__ void k(int* out) {\n    int i = threadIdx.x;\n    out[i] = i + 1; // ${payload}\n}\n`;
    await app.open(`?panel=kernel&block=32&n=32&watch=out[3]&src=${encodeURIComponent(src)}`);
    await expect(page.locator('html[data-app="live"]')).toBeAttached();
    // The run happened: lane 3 stored 3 + 1.
    await expect(app.figure('value-out-3')).toHaveAttribute('data-value', '4');
    await expect(page.locator('#kernel-src')).toHaveValue(src);
    await expect(page.locator('.editor .lines [data-n="3"]')).toContainText(payload);
    await expect(page.locator('ol.listing li[data-line="3"]')).toContainText(payload);
    await expect(page.locator('[data-table="per-line"] tr[data-line="3"]')).toContainText(payload);
    await expect(page.locator('img[src="x"], svg[onload], script:text("pwned")')).toHaveCount(0);
  }
  // A payload as the watch list itself: named on watch= by its shape, not run.
  await app.open(`?panel=kernel&watch=${encodeURIComponent('<img src=x onerror=pwned()>[0]')}`);
  await expect(app.error('watch')).toContainText('NAME[i]');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(ran).toBe(false);
});

// Issue 65: a payload typed into each of the lab's launch fields under the SM's timing, then Run,
// is named on its own field, stays text, and is kept in the field (the sweep found none that ran; this
// holds it).
test('a payload typed into each launch field under timing=sm is named on that field, as text', async ({ app, page }) => {
  let ran = false;
  await page.exposeFunction('pwned', () => { ran = true; });
  const payload = '<img src=x onerror=pwned()>';
  await app.open('?panel=kernel&timing=sm');
  await expect(page.locator('html[data-app="live"]')).toBeAttached();
  await app.more();
  for (const name of ['block', 'grid', 'n', 'len', 'trace', 'watch', 'window', 'L', 'S']) {
    const before = await app.field(name).inputValue();
    await app.field(name).fill(payload);
    await page.locator('[data-action="run-kernel"]').click();
    const error = page.locator(`[data-error="${name}"], [data-error="${name}-x"]`).first();
    await expect(error, name).toBeVisible();
    // A field whose rule is a shape (trace's `B,W`, watch's `NAME[i],…`) names the shape, not
    // the text.
    if (name !== 'trace' && name !== 'watch') await expect(error, name).toContainText('<img');
    await expect(app.field(name)).toHaveValue(payload);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await app.field(name).fill(before);
    await page.locator('[data-action="run-kernel"]').click();
    await expect(page.locator(`[data-error="${name}"], [data-error="${name}-x"]`), name).toHaveCount(0);
  }
  expect(ran).toBe(false);
});

// Issue 65: a page key given twice is named (the first is read), a panel error lists every value
// `panel=` takes, a quoted value cannot turn its sentence around, and an unread Forecast guess
// names the unit only where the figure has one.
const repeated: [string, string, string][] = [
  ['?panel=warps&panel=divergence', 'panel', '“warps”'],
  ['?panel=warps&lang=en&lang=hinglish', 'lang', '“en”'],
  ['?panel=warps&embed=1&embed=0', 'embed', '“1”'],
  ['?example=divergence/C1&example=divergence/C4', 'example', '“divergence/C1”'],
  ['?assignment=1&assignment=1&step=panel%3Dwarps%26block%3D64', 'assignment', '“1”'],
  ['?assignment=1&step=panel%3Dwarps%26block%3D64&at=1&at=2', 'at', '“1”'],
];
for (const [query, key, first] of repeated) {
  test(`${query} names the repeated ${key}`, async ({ app }) => {
    await app.open(query);
    await expect(app.error(key)).toContainText(`${key} is given 2 times in the address: the first, ${first}, is used.`);
  });
}

test('the panel error lists the author page too', async ({ app }) => {
  await app.open('?panel=nope');
  await expect(app.error('panel')).toContainText('author');
});

test('a right-to-left override in a value is named, not obeyed', async ({ app }) => {
  await app.open('?panel=warps&block=%E2%80%AEabc');
  await expect(app.error('block-x')).toContainText('“[U+202E]abc”');
  expect(await app.error('block-x').textContent()).not.toContain('\u202E');
});

test('an unread guess for a figure without a unit says no empty unit', async ({ app, page }) => {
  await app.open('?example=divergence/C4');
  await page.locator('input[name=forecast-guess]').fill('abc');
  await page.locator('[data-action=reveal]').click();
  await expect(page.locator('[data-forecast-unread]')).toContainText('like 21, 0.571 or 57.1%');
  await expect(page.locator('[data-forecast-unread]')).not.toContainText('()');
});

test('a Forecast guess is kept within what a record keeps, visibly', async ({ app, page }) => {
  // Issue 65: a graded guess over 24 bytes was left out of the record without a word.
  await app.open('?example=divergence/C4');
  const guess = page.locator('input[name=forecast-guess]');
  await expect(guess).toHaveAttribute('maxlength', '24');
  await guess.pressSequentially('0.5714285714285714285714285714');
  await expect(guess).toHaveValue('0.5714285714285714285714');
});
