import { test, expect } from './fixtures';
import { PANELS, REGISTRY } from './registry';

// dist/registry.json against the pages the build serves: every panel, tool and example the model
// declares opens, as declared. The other specs read their lists from the same file.

test('registry.json lists the panels, the two tools and the examples', () => {
  // Nine panels today (the count only grows); the kernel lab and the quiz among them; the
  // seeds' 39 cells at least.
  expect(PANELS.length).toBeGreaterThanOrEqual(9);
  expect(PANELS.map((p) => p.name)).toEqual(expect.arrayContaining(['warps', 'quiz', 'kernel']));
  expect(REGISTRY.tools.map((t) => t.name)).toEqual(['assignment', 'author']);
  // Each tool page has a bundle of its own: a learner's assignment page never loads the
  // author page's code (issue 43's round).
  for (const t of REGISTRY.tools) expect(t.bundle, t.name).toBe(t.name);
  expect(REGISTRY.examples.length).toBeGreaterThanOrEqual(39);
  for (const p of PANELS) {
    expect(p.bundle, p.name).toBe(p.name);
    for (const param of p.params) {
      if (param.kind === 'whole') expect(param.min!, `${p.name}.${param.name}`).toBeLessThanOrEqual(param.max!);
      if (param.kind === 'choice') expect(param.choices!.length, `${p.name}.${param.name}`).toBeGreaterThan(0);
    }
  }
});

test('the site names the registry\'s panels in its navigation, in its order', async ({ app, page }) => {
  await app.open('./');
  const titles = await page.locator('header.site nav a').allTextContents();
  expect(titles).toEqual(PANELS.map((p) => p.title));
});

for (const p of PANELS) {
  test(`panel ${p.name} opens with its title and its declared inputs`, async ({ app, page }) => {
    await app.open(`?panel=${p.name}`);
    await expect(page.locator(`[data-panel="${p.name}"] h1`).first()).toHaveText(p.title);
    // Every choice in the form offers exactly its declared values (a select, or a mode's radios).
    for (const param of p.params.filter((x) => x.kind === 'choice' && x.in_form)) {
      const options = page.locator(`select[name="${param.name}"] option, input[type=radio][name="${param.name}"]`);
      if ((await options.count()) === 0) continue; // shown only in another mode
      const values = await options.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
      expect(values, `${p.name}.${param.name}`).toEqual(param.choices);
    }
  });
}

for (const t of REGISTRY.tools) {
  test(`tool ${t.name} opens (bundle ${t.bundle})`, async ({ app, page }) => {
    await app.open(`?${t.query}`);
    await expect(page.locator(`[data-panel="${t.name}"]`)).toBeVisible();
  });
}

test('every example opens its declared panel with the Forecast asking its declared figure', async ({ app, page }) => {
  test.setTimeout(120_000);
  for (const e of REGISTRY.examples) {
    await app.open(`?${e.query}`);
    await expect(page.locator(`[data-panel="${e.panel}"]`), e.id).toBeVisible();
    await expect(page.locator('input[name=forecast-guess]'), e.id).toHaveAttribute('data-forecast-metric', e.forecast);
  }
});
