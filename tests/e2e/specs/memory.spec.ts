import { test, expect } from './fixtures';

// The memory panel (issue 68), through the URL contract: every number worked by hand in
// crates/warp-model/src/memory/tests.rs (32-byte sectors, 128-byte lines, cold caches).

const hierarchy: [string, Record<string, string>][] = [
  // 32 floats from byte 0: sectors 0–3 in line 0, all from DRAM.
  ['?panel=memory', { requests: '1', sectors: '4', 'sectors-per-request': '4', lines: '1', 'l1-hit-rate': '0', 'l2-hit-rate': '0', 'dram-bytes': '128', 'useful-bytes': '128' }],
  // From byte 4: bytes 4..132, sectors 0–4, lines 0–1.
  ['?panel=memory&offset=4', { sectors: '5', lines: '2', 'dram-bytes': '160' }],
  // Stride 8 floats: a sector a lane.
  ['?panel=memory&stride=8', { sectors: '32', lines: '8', 'dram-bytes': '1024', 'useful-bytes': '128' }],
  // float4 from byte 8: 8..520, sectors 0–16.
  ['?panel=memory&elem=16&offset=8', { sectors: '17', lines: '5' }],
  // Eight warps on the same 32 floats: 7 of 8 requests hit L1 under ca, L2 under cg.
  ['?panel=memory&warps=8&reuse=same', { 'l1-hit-rate': '0.875', 'l2-hit-rate': '0', 'dram-bytes': '128' }],
  ['?panel=memory&warps=8&reuse=same&cache=cg', { 'l1-hit-rate': '0', 'l2-hit-rate': '0.875', 'dram-bytes': '128' }],
];
for (const [query, figures] of hierarchy) {
  test(`hierarchy ${query}`, async ({ app }) => {
    await app.open(query);
    for (const [metric, value] of Object.entries(figures)) await expect(app.figure(metric), metric).toHaveAttribute('data-value', value);
  });
}

test('each request is a row of sectors coloured by where they were found', async ({ app, page }) => {
  await app.open('?panel=memory&warps=2&reuse=same');
  const picture = page.locator('[data-picture="sectors"]');
  await expect(picture.locator('li[data-warp]')).toHaveCount(2);
  await expect(picture.locator('li[data-warp="0"] .sector[data-found="dram"]')).toHaveCount(4);
  await expect(picture.locator('li[data-warp="1"] .sector[data-found="l1"]')).toHaveCount(4);
  await expect(picture.locator('li[data-warp="0"] .sector.line-start')).toHaveCount(1);
  // The model is stated where the learner sees it.
  await expect(page.locator('[data-frame="picture"] .note')).toContainText('one L1 (128 KiB)');
  // The lanes' bytes in each sector: contiguous floats fill it (lanes 0–7, 32 of 32 bytes);
  // at stride 2 a sector holds 4 lanes and 16 of its bytes, the top half drawn pale.
  const first = picture.locator('li[data-warp="0"] .sector').first();
  await expect(first).toHaveAttribute('data-bytes', '32');
  await expect(first).toHaveAttribute('title', 'sector 0 (line 0): lanes 0–7, 32 of 32 bytes read; from DRAM');
  await app.open('?panel=memory&stride=2');
  const half = picture.locator('li[data-warp="0"] .sector').first();
  await expect(half).toHaveAttribute('data-bytes', '16');
  await expect(half).toHaveClass(/\bu4\b/);
  const veil = await half.evaluate((e) => getComputedStyle(e, '::after').height);
  expect(parseFloat(veil)).toBeCloseTo(8, 0);
  // More requests than rows: the first 16 drawn, the rest said.
  await app.open('?panel=memory&warps=20');
  await expect(picture.locator('li[data-warp]')).toHaveCount(16);
  await expect(picture.locator('.more')).toContainText('16 of 20');
});

test('the roofline: the seed memory-bound kernel on an A100, and a matrix multiply on two GPUs', async ({ app, page }) => {
  await app.open('?panel=memory&view=roofline');
  // y = 2x + y over 4,096 floats: 8,192 / 49,152 = 1/6 FLOP/byte; 1,555 / 6 = 259.167 GFLOP/s.
  await expect(app.figure('arithmetic-intensity')).toHaveAttribute('data-value', '0.166667');
  await expect(app.figure('ridge')).toHaveAttribute('data-value', '12.5402');
  await expect(app.figure('attainable-gflops')).toHaveAttribute('data-value', '259.167');
  await expect(app.figure('bound')).toHaveAttribute('data-value', 'memory');
  const svg = page.locator('[data-picture="roofline"] svg');
  await expect(svg.locator('polyline.roof')).toHaveCount(1);
  await expect(svg.locator('line.ridge')).toHaveCount(1);
  await expect(svg.locator('circle.kernel')).toHaveCount(1);
  // 64 FLOP/byte: above the A100's ridge (12.5), below the RTX 4090's (81.9).
  await app.open('?panel=memory&view=roofline&flops=64&bytes=1');
  await expect(app.figure('bound')).toHaveAttribute('data-value', 'compute');
  await expect(app.figure('attainable-gflops')).toHaveAttribute('data-value', '19500');
  await page.locator('select[name="gpu"]').selectOption('rtx4090');
  await expect(app.figure('bound')).toHaveAttribute('data-value', 'memory');
  await expect(app.figure('attainable-gflops')).toHaveAttribute('data-value', '64512');
  await expect(page).toHaveURL(/gpu=rtx4090/);
});

test('bad values are named with their range, and the page keeps working', async ({ app, page }) => {
  await app.open('?panel=memory&warps=65');
  await expect(app.error('warps')).toContainText('1 to 64');
  await app.open('?panel=memory&view=roofline&bytes=0');
  await expect(app.error('bytes')).toBeVisible();
  await app.open('?panel=memory&cache=cs');
  await expect(app.error('cache')).toContainText('ca');
  await expect(page.locator('header nav')).toBeVisible();
});

test('in Hinglish, on a phone: the figures, the words and a picture that fits', async ({ app, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await app.open('?panel=memory&warps=8&reuse=same&lang=hinglish');
  await expect(app.figure('l1-hit-rate')).toHaveAttribute('data-value', '0.875');
  await expect(page.locator('[data-frame="picture"] .note')).toContainText('shuru mein khaali');
  await expect(page.locator('[data-worked]').first()).toContainText('DRAM');
  // Nothing wider than the phone.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(390);
  await app.open('?panel=memory&view=roofline&lang=hinglish');
  await expect(app.figure('bound')).toHaveAttribute('data-value', 'memory');
  await expect(page.locator('[data-worked]').first()).toContainText('Memory-bound');
});

test('a stall no occupancy hides (seed 000, cell F) links to its roofline: memory-bound', async ({ app, page }) => {
  await app.open('?panel=latency&L=400&W=1');
  await expect(app.figure('latency-hidden')).toHaveAttribute('data-value', 'no');
  const link = page.locator('a[data-link="memory"]');
  await expect(link).toContainText('memory-bound');
  await link.click();
  // One FP32 operation a lane per 4-byte load: 32 FLOP per 128 bytes, 0.25 · 1,555 GB/s.
  await expect(app.figure('bound')).toHaveAttribute('data-value', 'memory');
  await expect(app.figure('attainable-gflops')).toHaveAttribute('data-value', '388.75');
  // A hidden stall has no such link.
  await app.open('?panel=latency&L=300&W=15');
  await expect(app.figure('latency-hidden')).toHaveAttribute('data-value', 'yes');
  await expect(page.locator('a[data-link="memory"]')).toHaveCount(0);
});

// The learner's kernel on it (issue 68, part 3): the two kernels in the kernel lab,
// worked by hand in crates/warp-model/src/kernel_lab/memory_tests.rs.
const SAXPY = `__global__ void saxpy(float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = 2.0f * x[i] + y[i];
    }
}`;
const SAME = `__global__ void same(int* in, int* out) {
    out[threadIdx.x] = in[0];
}`;

test('the kernel lab: y = 2x + y over 4,096 floats is 8,192 flops for 49,152 DRAM bytes, memory-bound, on the roofline', async ({ app, page }) => {
  await app.open(`?panel=kernel&n=4096&block=256&src=${encodeURIComponent(SAXPY)}`);
  // One multiply and one add a lane; x and y read once (16 KiB each), y written once.
  await expect(app.figure('flops')).toHaveAttribute('data-value', '8192');
  await expect(app.figure('dram-bytes')).toHaveAttribute('data-value', '49152');
  await expect(app.figure('arithmetic-intensity')).toHaveAttribute('data-value', '0.166667');
  await expect(app.figure('attainable-gflops')).toHaveAttribute('data-value', '259.167');
  await expect(app.figure('bound')).toHaveAttribute('data-value', 'memory');
  // The lab's key figure is still its own.
  await expect(page.locator('.figure.key dd[data-metric]')).toHaveAttribute('data-metric', 'simt-efficiency');
  // Line 4 carries the sectors: 512 of x, 512 of y loaded, 512 of y stored; nothing hit.
  const row = page.locator('tr[data-line="4"]');
  await expect(row.locator('td[data-sectors]')).toHaveAttribute('data-sectors', '1536');
  await expect(row.locator('td[data-l1-hits]')).toHaveAttribute('data-l1-hits', '0');
  await expect(row.locator('td[data-dram-bytes]')).toHaveAttribute('data-dram-bytes', '49152');
  // Its point on the roofline: the memory panel on the same totals.
  const link = page.locator('a[data-link="roofline"]');
  await expect(link).toHaveAttribute('href', /view=roofline&gpu=a100&flops=8192&bytes=49152/);
  await link.click();
  await expect(app.figure('attainable-gflops')).toHaveAttribute('data-value', '259.167');
  await expect(page.locator('[data-picture="roofline"]')).toBeVisible();
});

test('the kernel lab in Hinglish on a phone: 8 warps reading in[0] hit L1 7 times in 8, L2 under cg', async ({ app, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await app.open(`?panel=kernel&block=256&lang=hinglish&src=${encodeURIComponent(SAME)}`);
  await expect(app.figure('l1-hit-rate')).toHaveAttribute('data-value', '0.875');
  await expect(app.figure('l2-hit-rate')).toHaveAttribute('data-value', '0');
  await expect(page.locator('tr[data-line="2"] td[data-l1-hits]')).toHaveAttribute('data-l1-hits', '7');
  await app.open(`?panel=kernel&block=256&cache=cg&lang=hinglish&src=${encodeURIComponent(SAME)}`);
  await expect(app.figure('l1-hit-rate')).toHaveAttribute('data-value', '0');
  await expect(app.figure('l2-hit-rate')).toHaveAttribute('data-value', '0.875');
  await expect(app.figure('flops')).toHaveAttribute('data-value', '0');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(390);
  // The per-line table reflows on a phone: each count under its own heading (eight counts on
  // one row once sat under headings wrapped to two).
  const columns = ['td[data-sectors]', 'td[data-l1-hits]', 'td[data-l2-hits]', 'td[data-dram-bytes]'];
  for (const [k, cell] of columns.entries()) {
    const head = await page.locator('table.per-line thead th').nth(6 + k).boundingBox();
    const value = await page.locator(`tr[data-line="2"] ${cell}`).boundingBox();
    expect(Math.round(value!.x), cell).toBe(Math.round(head!.x));
  }
  await page.screenshot({ path: test.info().outputPath('kernel-memory-hinglish-phone.png'), fullPage: true });
  // A bad choice is named with its choices; nothing runs.
  await app.open('?panel=kernel&gpu=v100');
  await expect(app.error('gpu')).toContainText('rtx4090');
  await expect(app.figure('flops')).toHaveCount(0);
});
