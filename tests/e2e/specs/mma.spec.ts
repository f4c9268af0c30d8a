import { test, expect } from './fixtures';

// Tensor cores (panel=mma): every number worked by hand from the PTX ISA's fragment tables
// (groupID = lane >> 2, threadID_in_group = lane % 4) and the bank rule
// (crates/warp-model/src/mma/tests.rs has the arithmetic).

const presets: [string, [string, string][]][] = [
  // C[9][3] of m16n8k16: row 9 = groupID + 8 → groupID 1; col 3 = 2·tid + 1 → tid 1: c3 of lane 5.
  ['who-holds', [['owner-lane', '5'], ['owner-element', '3'], ['fragment-elements', '4']]],
  // tf32 A[3][6] of m16n8k8: row 3 = groupID (a0/a2), col 6 = tid + 4 (a2/a3): a2, lane 4·3 + 2.
  ['tf32-a', [['owner-lane', '14'], ['owner-element', '2']]],
  // 8 rows 128 B apart all start at bank 0: 8-way in each of 4 phases.
  ['ldmatrix-128b', [['wavefronts', '32'], ['ideal-wavefronts', '4'], ['bank-conflicts', '28'], ['conflict-ways', '8']]],
  // Rows 144 B = 36 words apart: banks 4r, all different.
  ['ldmatrix-padded', [['wavefronts', '4'], ['bank-conflicts', '0']]],
  // Chunk c ⊕ r: 8 different bank groups in each phase.
  ['ldmatrix-xor', [['wavefronts', '4'], ['bank-conflicts', '0']]],
];
for (const [cell, figures] of presets) {
  test(`tensor-cores/${cell}`, async ({ app }) => {
    await app.open(`?example=tensor-cores/${cell}&forecast=0`);
    for (const [metric, value] of figures) await expect(app.figure(metric)).toHaveAttribute('data-value', value);
  });
}

test('the Forecast grades the lane exactly: a neighbouring lane is wrong, not close', async ({ app, page }) => {
  await app.open('?example=tensor-cores/who-holds');
  await expect(page.locator('input[name="forecast-guess"]')).toHaveAttribute('data-forecast-metric', 'owner-lane');
  // 4 is 20 % below 5: a quantity would be "close"; another lane is simply another lane.
  await page.locator('input[name="forecast-guess"]').fill('4');
  await page.locator('[data-action="reveal"]').click();
  await expect(page.locator('[data-forecast-feedback]')).toHaveAttribute('data-guess', 'off');
  await expect(page.locator('[data-forecast-feedback]')).toContainText('5');
});

test('a lane chosen in the picture outlines its elements and gives their places', async ({ app, page }) => {
  await app.open('?panel=mma&operand=a&row=&col=');
  const picture = page.locator('[data-picture="mma-fragment"]');
  // A of m16n8k16: 16 × 16 elements, 8 a lane.
  await expect(picture.locator('g.cell')).toHaveCount(256);
  await expect(app.figure('fragment-elements')).toHaveAttribute('data-value', '8');
  await picture.locator('button[data-lane="5"]').click();
  await expect(page).toHaveURL(/lane=5/);
  await expect(picture.locator('button[data-lane="5"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(picture.locator('g.cell.of-lane')).toHaveCount(8);
  // Lane 5: groupID 1, tid 1: a0 at (1, 2), a7 at (1 + 8, 2 + 1 + 8) = (9, 11).
  await expect(app.figure('element-0')).toHaveAttribute('data-value', '1,2');
  await expect(app.figure('element-7')).toHaveAttribute('data-value', '9,11');
  await expect(picture.locator('g.cell.of-lane[data-row="9"][data-col="11"]')).toContainText('a7');
  // A second click clears the lane.
  await picture.locator('button[data-lane="5"]').click();
  await expect(app.figure('element-0')).toHaveCount(0);
});

test('an element chosen in the picture names its lane and register', async ({ app, page }) => {
  await app.open('?panel=mma&operand=a');
  const picture = page.locator('[data-picture="mma-fragment"]');
  // A[3][6] of f16 m16n8k16: row 3 = groupID (a0, a1, a4, a5), col 6 = 2·tid → tid 3, even: a0;
  // lane 4·3 + 3 = 15.
  await picture.locator('g.cell[data-row="3"][data-col="6"]').click();
  await expect(page).toHaveURL(/row=3&col=6/);
  await expect(app.figure('owner-lane')).toHaveAttribute('data-value', '15');
  await expect(app.figure('owner-element')).toHaveAttribute('data-value', '0');
  await expect(picture.locator('g.cell.chosen')).toHaveAttribute('data-lane', '15');
  await expect(picture.locator('button.lane.holds')).toHaveAttribute('data-lane', '15');
  await expect(page.locator('.worked')).toContainText('lane = 4 × groupID + threadID_in_group = 4 × 3 + 3 = 15');
});

test('ldmatrix: the tile, who receives what, the phases and the link to the banks panel', async ({ app, page }) => {
  await app.open('?panel=mma&mode=ldmatrix');
  await expect(app.figure('wavefronts')).toHaveAttribute('data-value', '32');
  await expect(app.figure('conflict-ways')).toHaveAttribute('data-value', '8');
  // Lane 9 gives row 9 (row 1 of matrix 1), chunk 0; lane 17 row 1, chunk 1.
  const tile = page.locator('[data-picture="mma-ldmatrix"] .mma-tile');
  await expect(tile.locator('g.chunk[data-row="9"][data-chunk="0"]')).toHaveAttribute('data-address-lane', '9');
  await expect(tile.locator('g.chunk[data-row="1"][data-chunk="1"]')).toHaveAttribute('data-address-lane', '17');
  await expect(tile.locator('g.chunk[data-address-lane]')).toHaveCount(32);
  // Element [9][3] of the block: matrix 1, lane 4·1 + 3/2 = 5, register 1.
  const block = page.locator('[data-picture="mma-ldmatrix"] .mma-grid');
  await expect(block.locator('g.cell[data-row="9"][data-col="3"]')).toHaveAttribute('data-lane', '5');
  await expect(block.locator('g.cell[data-row="9"][data-col="3"]')).toHaveAttribute('data-register', '1');
  // Four quarter-warp phases drawn as the banks panel draws them, each 8 wavefronts.
  await expect(page.locator('[data-picture="banks"] .phase')).toHaveCount(4);
  await expect(page.locator('.why-lines li').first()).toContainText('8 different words');
  // The same pattern in the banks panel costs the same.
  const link = page.locator('a[data-link="banks"]');
  await expect(link).toHaveAttribute('href', 'banks/with/?elem=16&tile=8');
  await link.click();
  await expect(app.figure('wavefronts')).toHaveAttribute('data-value', '32');
  await expect(app.figure('conflict-ways')).toHaveAttribute('data-value', '8');
});

test('ldmatrix: padding and the swizzle remove the conflict; .trans moves the elements, not the cost', async ({ app, page }) => {
  await app.open('?panel=mma&mode=ldmatrix');
  await app.field('pitch').fill('72');
  await expect(app.figure('bank-conflicts')).toHaveAttribute('data-value', '0');
  await expect(page).toHaveURL(/pitch=72/);
  await app.field('pitch').fill('64');
  await app.choice('swizzle').selectOption('xor');
  await expect(app.figure('wavefronts')).toHaveAttribute('data-value', '4');
  // With the XOR, lane 17 (row 1, chunk 1) reads chunk 1 ⊕ 1 = 0.
  await expect(page.locator('.mma-tile g.chunk[data-row="1"][data-chunk="0"]')).toHaveAttribute('data-address-lane', '17');
  await app.choice('trans').selectOption('1');
  await expect(app.figure('wavefronts')).toHaveAttribute('data-value', '4');
  // Transposed, [9][3] goes to lane 4·3 + 1/2 = 12.
  await expect(page.locator('.mma-grid g.cell[data-row="9"][data-col="3"]')).toHaveAttribute('data-lane', '12');
});

const bad: [string, string, string][] = [
  ['?panel=mma&lane=32', 'lane', 'from 0 to 31'],
  ['?panel=mma&row=16', 'row', '16 rows'],
  ['?panel=mma&col=8', 'col', '8 columns'],
  ['?panel=mma&row=9&col=', 'col', 'col is empty'],
  ['?panel=mma&shape=m8n8k4', 'shape', 'm16n8k16'],
  ['?panel=mma&type=tf32', 'type', 'm16n8k8'],
  ['?panel=mma&operand=d', 'operand', 'a, b or c'],
  ['?panel=mma&mode=ldmatrix&pitch=70', 'pitch', 'multiple of 8 halves'],
  ['?panel=mma&mode=ldmatrix&pitch=8', 'pitch', 'from 16 to 256'],
  ['?panel=mma&mode=ldmatrix&pitch=72&swizzle=xor', 'swizzle', 'multiple of 64 halves'],
  ['?panel=mma&mode=ldmatrix&x=3', 'x', '1, 2 or 4'],
];
for (const [query, param, text] of bad) {
  test(`${query} names ${param}`, async ({ app, page }) => {
    await app.open(query);
    await expect(app.error(param)).toContainText(text);
    await expect(page.locator('[data-panel="mma"] h1')).toBeVisible();
  });
}

// Issue 45 item 10: a key given twice, or a key of the other mode, is said naming the key;
// the picture is drawn from what was read.
test('a repeated key and a key of the other mode are named, and the figure still drawn', async ({ app, page }) => {
  await app.open('?panel=mma&lane=3&lane=5');
  await expect(app.error('lane')).toContainText('lane is given 2 times in the address: the first, “3”, is used.');
  // Lane 3 of C: groupID 0, tid 3 → its first element c0 at (0, 6).
  await expect(app.figure('element-0')).toHaveAttribute('data-value', '0,6');
  await expect(page.locator('[data-picture="mma-fragment"] button[data-lane="3"]')).toHaveAttribute('aria-pressed', 'true');
  // Choosing another lane ends the notice (the address now has one lane).
  await page.locator('[data-picture="mma-fragment"] button[data-lane="4"]').click();
  await expect(app.error('lane')).toHaveCount(0);
  await app.open('?panel=mma&pitch=72');
  await expect(app.error('pitch')).toContainText('pitch belongs to mode=ldmatrix; this link opens mode=fragment');
  await expect(app.figure('owner-lane')).toHaveAttribute('data-value', '5');
  await app.open('?panel=mma&pitch=72&lang=hinglish');
  await expect(app.error('pitch')).toContainText('mode=ldmatrix ka hai');
});

test('Hinglish: the worked steps and the picture speak it', async ({ app, page }) => {
  await app.open('?panel=mma&lang=hinglish');
  await expect(app.figure('owner-lane')).toHaveAttribute('data-value', '5');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-Latn');
  await expect(page.locator('[data-picture="mma-fragment"] figcaption')).not.toHaveText(/Each cell is one element/);
  await expect(page.locator('.worked')).toContainText('groupID');
});

// #45 item 6: the tensor-core pictures on a 390 × 844 phone, in both languages.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // The rendered size of every label in the panel's pictures: its font size in the SVG's units
  // times the SVG's scale (its width on screen over its viewBox's width).
  const smallestLabel = (page: import('@playwright/test').Page) =>
    page.evaluate(() => {
      let smallest = Infinity;
      for (const svg of document.querySelectorAll<SVGSVGElement>('.mma-grid, .mma-tile, .bank-grid')) {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        for (const t of svg.querySelectorAll('text')) {
          smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
        }
      }
      return smallest;
    });

  // The boxes in the panel that scroll up and down inside the page. The fragment picture has
  // controls of its own (the lanes, the cells): it is on the page itself, never such a box.
  const hiddenBelow = (page: import('@playwright/test').Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((e) => e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== 'visible')
        .map((e) => e.className),
    );

  for (const lang of ['', '&lang=hinglish']) {
    test(`the chosen A[3][10] is in view and every label is 11 px or more${lang}`, async ({ app, page }) => {
      await app.open(`?panel=mma&operand=a&row=3&col=10${lang}`);
      // A[3][10] of m16n8k16: row 3 = groupID 3; col 10 = 8 + 2·tid → tid 1, even: a4; lane 4·3 + 1.
      await expect(app.figure('owner-lane')).toHaveAttribute('data-value', '13');
      const cell = page.locator('[data-picture="mma-fragment"] g.cell.chosen');
      await expect(cell).toHaveAttribute('data-col', '10');
      // 16 columns of 36 px do not fit 366 px: the box scrolled across to the chosen one.
      await expect.poll(() => cell.evaluate((c) => {
        const r = c.getBoundingClientRect();
        const box = c.closest('.mma-scroll')!.getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right;
      })).toBe(true);
      expect(await smallestLabel(page)).toBeGreaterThanOrEqual(10.95);
      expect(await hiddenBelow(page)).toEqual([]);
    });

    test(`ldmatrix: the tile, the block and the phases keep 11 px labels${lang}`, async ({ app, page }) => {
      await app.open(`?panel=mma&mode=ldmatrix${lang}`);
      await expect(page.locator('[data-picture="banks"] .phase')).toHaveCount(4);
      // The bank grids shrink to the phone's width (702 units in 366 px) and their labels grow.
      expect(await smallestLabel(page)).toBeGreaterThanOrEqual(10.95);
      // ldmatrix's picture has no controls of its own (its inputs are the form's): it is the
      // page's own length, no box (issue 66), its inputs a press of "To the inputs" away.
      expect(await hiddenBelow(page)).toEqual([]);
      await expect(page.locator('.picture').locator('button, input, select, [tabindex="0"]')).toHaveCount(0);
      // 8 wavefronts a phase: rows 1, 4 and 8 numbered, two rows apart at least.
      const rows = page.locator('[data-picture="banks"] .phase').first().locator('.row-label');
      await expect(rows).toHaveText(['1', '4', '8']);
    });
  }

  test('the arrow keys choose a cell, keep it in view and say its row, column and lane', async ({ app, page }) => {
    await app.open('?panel=mma&operand=a&row=3&col=10');
    const grid = page.locator('[data-picture="mma-fragment"] .mma-scroll');
    await grid.focus();
    await page.keyboard.press('ArrowRight');
    // A[3][11]: col 11 = 8 + 2·1 + 1 → tid 1, odd: a5, lane 13.
    await expect(page).toHaveURL(/row=3&col=11/);
    await expect(app.figure('owner-lane')).toHaveAttribute('data-value', '13');
    await expect(grid).toBeFocused();
    await expect(grid).toHaveAttribute('aria-label', /A\[3\]\[11\]: lane 13, element a5/);
    await page.keyboard.press('ArrowDown');
    // A[4][11]: groupID 4 → lane 4·4 + 1 = 17, still a5.
    await expect(page).toHaveURL(/row=4&col=11/);
    await expect(grid).toBeFocused();
    await expect(grid).toHaveAttribute('aria-label', /A\[4\]\[11\]: lane 17, element a5/);
    await page.keyboard.press('End');
    // A[4][15]: col 15 = 8 + 2·3 + 1 → tid 3, odd: a5 of lane 4·4 + 3 = 19, at the right edge.
    await expect(page).toHaveURL(/row=4&col=15/);
    await expect(app.figure('owner-lane')).toHaveAttribute('data-value', '19');
    const cell = page.locator('[data-picture="mma-fragment"] g.cell.chosen');
    await expect.poll(() => cell.evaluate((c) => {
      const r = c.getBoundingClientRect();
      const box = c.closest('.mma-scroll')!.getBoundingClientRect();
      return r.left >= box.left && r.right <= box.right;
    })).toBe(true);
    await page.keyboard.press('Home');
    await expect(page).toHaveURL(/row=4&col=0/);
    // The arrows stop at the edges: no A[-1][0].
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/row=4&col=0/);
    await expect(grid).toBeFocused();
  });
});
