import { test, expect } from './fixtures';
import { choicesOf } from './registry';

// The form is generated from each parameter's one declaration: an enumerated value is a choice
// (a select of its allowed values, labelled in the page's language), a bounded number carries
// its range on the input, and the hint states the same range the error message names.

const choices: [string, string, string[]][] = [
  ['?panel=latency', 'policy', ['rr', 'gto']],
  ['?panel=latency&mode=hardware', 'cc', ['7.0', '7.5', '8.0', '8.6', '8.9', '9.0']],
  ['?panel=coalescing', 'elem', ['1', '2', '4', '8', '16']],
  ['?panel=coalescing', 'line', ['128', '64', '32']],
  ['?panel=coalescing', 'walk', ['row', 'column']],
  ['?panel=coalescing', 'layout', ['aos', 'soa']],
  // The quiz's topics as declared (a topic added to the model is checked here with it).
  ['?panel=quiz&seed=1', 'topic', choicesOf('quiz', 'topic')],
];

for (const [query, name, values] of choices) {
  test(`${query}: ${name} is a choice of ${values.join(', ')}`, async ({ app, page }) => {
    await app.open(query);
    const select = app.choice(name);
    // A secondary input is folded under "More inputs".
    if (!(await select.isVisible())) await page.locator('[data-action="more-inputs"]').click();
    await expect(select).toBeVisible();
    await expect(select.locator('option')).toHaveCount(values.length);
    for (const [i, v] of values.entries()) {
      await expect(select.locator('option').nth(i)).toHaveAttribute('value', v);
    }
    await expect(app.field(name)).toHaveCount(0);
  });
}

test('a choice changes the figures and the address', async ({ app, page }) => {
  await app.open('?panel=latency&L=300&W=15');
  // The occupancy mode is a radio group; each mode shows its own inputs.
  await page.locator('input[name="mode"][value="hardware"]').check();
  await expect(app.figure('limiting-factor')).toBeVisible();
  await expect(page).toHaveURL(/mode=hardware/);
  await expect(app.choice('cc')).toBeVisible();
  await page.locator('input[name="mode"][value="textbook"]').check();
  await expect(page).not.toHaveURL(/mode=/);
  await expect(app.choice('cc')).toHaveCount(0);
});

test('choice labels follow the language', async ({ app }) => {
  await app.open('?panel=coalescing&lang=hinglish');
  await expect(app.choice('walk').locator('option[value=column]')).toHaveText('column mein neeche');
  await app.open('?panel=coalescing');
  await expect(app.choice('walk').locator('option[value=column]')).toHaveText('down a column');
});

test('a value no choice allows stays on screen beside its error', async ({ app }) => {
  await app.open('?panel=coalescing&matrix=64&walk=diagonal');
  await expect(app.error('walk')).toContainText('row or column');
  await expect(app.choice('walk')).toHaveValue('diagonal');
  await expect(app.choice('walk')).toHaveAttribute('aria-invalid', 'true');
  await app.choice('walk').selectOption('column');
  await expect(app.error('walk')).toHaveCount(0);
  await expect(app.figure('transactions')).toHaveAttribute('data-value', '32');
});

test('a bounded number carries its range, and the hint says the same range', async ({ app, page }) => {
  await app.open('?panel=latency');
  const l = app.field('L');
  await expect(l).toHaveAttribute('inputmode', 'numeric');
  await expect(l).toHaveAttribute('min', '1');
  await expect(l).toHaveAttribute('max', '100000');
  await expect(page.locator('label.field', { has: l }).locator('.hint')).toHaveText('1–100,000 cycles');
  await l.fill('0');
  await expect(app.error('L')).toContainText('from 1 to 100000');
  await app.open('?panel=warps');
  await expect(app.field('block-z')).toHaveAttribute('max', '64');
  await expect(page.locator('label.field', { has: app.field('block-z') }).locator('.hint')).toContainText('1–64');
});
