import { test, expect } from './fixtures';
import { EXAMPLES } from './examples';

// "Forecast that hides": a worked example opens with Forecast on, and until the guess is
// revealed the key figure's value is nowhere in the page's text: not in the figures, the
// picture or the worked steps. The figures stay in the document for course pages and tests.
test('every worked example opens with its answer hidden until the reveal', async ({ app, page }) => {
  test.setTimeout(90_000);
  const leaks: string[] = [];
  for (const key of EXAMPLES) {
    await app.open(`?example=${key}`);
    await expect(page.locator('[data-action="forecast-first"]')).toBeChecked();
    const fig = page.locator('.figure.key');
    await expect(fig).toHaveCount(1);
    await expect(fig).toBeHidden();
    for (const hidden of ['.key-figures', '.other-figures', '.picture', '.worked-wrap']) {
      await expect(page.locator(hidden), `${key} ${hidden}`).toBeHidden();
    }
    // Still in the document, with its value, under `hidden`.
    const metric = await fig.locator('dd[data-metric]').getAttribute('data-metric');
    const value = await fig.locator('dd[data-metric]').getAttribute('data-value');
    expect(value, key).toBeTruthy();
    // The value as it would be shown ("4 warps", "57.14%"), searched for in the visible text.
    const shown = (await fig.locator('.value').textContent())!.trim();
    const unit = (await fig.locator('.unit').textContent())!.trim();
    const needle = unit ? `${shown} ${unit}` : shown;
    await page.waitForTimeout(50);
    // The seed's own question and Forecast line may name a number to compare with ("more or
    // fewer than 4 blocks?"); everything else on the page must not show the answer.
    const text = await page.evaluate(() => {
      const preset = document.querySelector<HTMLElement>('.preset');
      if (preset) preset.style.display = 'none';
      const seen = document.body.innerText;
      if (preset) preset.style.display = '';
      return seen;
    });
    // A bare number (a lane: "5") is looked for as a whole number, not inside "0–15".
    const whole = new RegExp(`(^|[^\\d.,])${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\d.,%])`);
    if (/\d/.test(shown) && whole.test(text)) leaks.push(`${key}: "${needle}" (${metric}) is on screen`);
    // The guess asks for the figure the seed's Forecast is about.
    const label = (await fig.locator('dt').textContent())!.trim();
    await expect(page.locator('form.guess label')).toContainText(label);
  }
  expect(leaks).toEqual([]);
});

test('the reveal shows everything and says how far off the guess was', async ({ app, page }) => {
  await app.open('?example=warp-scheduling/B');
  await page.locator('input[name="forecast-guess"]').fill('3');
  await page.locator('[data-action="reveal"]').click();
  // ⌈100 / 32⌉ = 4: off by one, a quarter of the answer.
  await expect(page.locator('[data-forecast-feedback]')).toHaveText('You guessed 3; the answer is 4 warps: off by 1 (25% of the answer).');
  // The seed's second question (the wasted lanes) is asked before the rest shows: 4 · 32 − 100 = 28.
  await expect(page.locator('.key-figures')).toBeVisible();
  await expect(page.locator('.picture')).toBeHidden();
  await page.locator('input[name="forecast-guess"]').fill('28');
  await page.locator('[data-action="reveal"]').click();
  await expect(page.locator('[data-forecast-feedback]')).toContainText('You guessed 28');
  for (const shown of ['.key-figures', '.picture', '.worked-wrap']) await expect(page.locator(shown)).toBeVisible();
  await expect(app.figure('warps-per-block')).toBeVisible();
  // A change of inputs after the reveal clears the feedback, which was about the old ones.
  await app.field('block-x').fill('64');
  await expect(page.locator('[data-forecast-feedback]')).toHaveCount(0);
  await expect(app.figure('warps-per-block')).toHaveAttribute('data-value', '2');
});

test('a preset asks about the figure its Forecast names', async ({ app, page }) => {
  // Seed 003 Ex 6 asks whether the loop's time follows the sum or the max of the trip counts:
  // the guess is for the loop's cycles (the max, 20), not the panel's lane utilization.
  await app.open('?example=divergence/C6');
  await expect(page.locator('.figure.key dd[data-metric]')).toHaveAttribute('data-metric', 'loop-cycles');
  await page.locator('input[name="forecast-guess"]').fill('240');
  await page.locator('[data-action="reveal"]').click();
  await expect(page.locator('[data-forecast-feedback]')).toContainText('20');
});

test('forecast=0 opens an example without the gate; the switch is written into the address', async ({ app, page }) => {
  await app.open('?example=divergence/C1&forecast=0');
  await expect(page.locator('[data-action="forecast-first"]')).not.toBeChecked();
  await expect(app.figure('efficiency')).toBeVisible();
  await expect(page.locator('.picture')).toBeVisible();
  await page.locator('[data-action="forecast-first"]').check();
  await expect(app.figure('efficiency')).toBeHidden();
  await expect(page).toHaveURL(/forecast=1/);
  await page.reload();
  await expect(page.locator('[data-action="forecast-first"]')).toBeChecked();
  await expect(app.figure('efficiency')).toBeHidden();
  // A panel link opens without it, unless forecast=1.
  await app.open('?panel=divergence');
  await expect(page.locator('[data-action="forecast-first"]')).not.toBeChecked();
  await expect(app.figure('efficiency')).toBeVisible();
});
