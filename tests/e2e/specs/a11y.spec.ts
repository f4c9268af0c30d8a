import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

const AXE = require.resolve('axe-core/axe.min.js');

// axe is injected as a script, which the app's CSP forbids: only this spec bypasses it.
test.use({ bypassCSP: true });

async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => {
    const r = await (window as any).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return r.violations.map((v: any) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')).join(' | ')}`);
  });
  return result;
}

const pages = [
  './',
  '?example=warp-scheduling/C',
  '?panel=warps&block=100&n=1000&thread=5&warp=1',
  '?panel=warps&image=1920x1080&block=16,16',
  '?example=divergence/C5',
  '?example=divergence/C6',
  // Examples open with Forecast on (the guess form, everything else hidden); forecast=0 shows
  // their pictures and worked steps.
  '?example=divergence/C10&forecast=0',
  '?example=execution-model/E&forecast=0',
  '?example=execution-model/J&forecast=0',
  '?example=warp-scheduling/J&theme=dark&forecast=0',
  // The mode radio group, and "More inputs" opened by a folded input's error.
  '?panel=divergence&mode=loop',
  '?panel=latency&mode=hardware&resident=999',
  '?panel=coalescing&matrix=64&walk=column',
  '?panel=quiz&seed=4&count=5',
  // An assignment (with a bad step named) and the author page, in both languages; a graded step.
  `?assignment=1&title=Week+3&step=${encodeURIComponent('example=divergence/C4')}&step=${encodeURIComponent('panel=gpu')}&step=${encodeURIComponent('panel=quiz&count=2&seed=7')}`,
  `?assignment=1&lang=hinglish&theme=dark&step=${encodeURIComponent('panel=kernel&challenge=transpose')}`,
  `?panel=author&title=Week+3&step=${encodeURIComponent('example=divergence/C4')}&step=${encodeURIComponent('panel=kernel')}`,
  '?panel=author&lang=hinglish',
  '?example=divergence/C4&embed=1&graded=1&forecast=1',
  '?panel=gpu',
  '?panel=kernel',
  // A challenge checked: its box, the stars, the figures and a named failure.
  '?panel=kernel&challenge=transpose&check=1',
  '?panel=kernel&challenge=add-ten&check=1&lang=hinglish',
  `?panel=kernel&src=${encodeURIComponent('__global__ void k(float* a) {\n    int i = threadIdx.x\n    a[i] = 1;\n}')}`,
  '?panel=kernel&embed=1&n=1000&block=256',
  // Warp functions: the shuffle picture with a mask violation named, and the spin lock under both
  // scheduling models (a livelock error under stack, the run under its).
  `?panel=kernel&block=32&src=${encodeURIComponent('__global__ void partial(const int* in, int* out) {\n    int lane = threadIdx.x;\n    int v = in[lane];\n    if (lane < 16) {\n        int a = __shfl_down_sync(0xffffffff, v, 1);\n        out[lane] = a;\n    }\n}\n')}`,
  `?panel=kernel&block=32&watch=count[0]&src=${encodeURIComponent('__global__ void spin(int* lock, int* count) {\n    while (atomicCAS(&lock[0], 0, 1) != 0) {\n    }\n    count[0] = count[0] + 1;\n    atomicExch(&lock[0], 0);\n}\n')}`,
  `?panel=kernel&block=32&sched=its&theme=dark&watch=count[0]&src=${encodeURIComponent('__global__ void spin(int* lock, int* count) {\n    while (atomicCAS(&lock[0], 0, 1) != 0) {\n    }\n    count[0] = count[0] + 1;\n    atomicExch(&lock[0], 0);\n}\n')}`,
  // Shared memory: per-line wavefronts, the banks links, watched elements and a named race.
  `?panel=kernel&block=32,32&watch=out[1]&src=${encodeURIComponent('__global__ void t(const float* in, float* out) {\n  __shared__ float tile[32][32];\n  int x = threadIdx.x;\n  int y = threadIdx.y;\n  tile[y][x] = in[y * 32 + x];\n  out[y * 32 + x] = tile[x][y];\n}')}`,
  `?panel=kernel&block=32,32&watch=out[1]&theme=dark&lang=hinglish&src=${encodeURIComponent('__global__ void t(const float* in, float* out) {\n  __shared__ float tile[32][32];\n  int x = threadIdx.x;\n  int y = threadIdx.y;\n  tile[y][x] = in[y * 32 + x];\n  out[y * 32 + x] = tile[x][y];\n}')}`,
  '?example=divergence/C1&embed=1',
  '?example=execution-model/D&embed=1&theme=dark',
  '?panel=warps&block=2000',
  '?example=divergence/C5&lang=hinglish',
  '?panel=quiz&seed=4&count=5&lang=hinglish',
  '?example=execution-model/D&embed=1&lang=hinglish',
  '?example=banks/stride-32&forecast=0',
  '?example=banks/doubles&forecast=0&theme=dark',
  '?panel=banks&tile=32&swizzle=xor&lang=hinglish',
  '?panel=banks&offset=2',
  // Tensor cores: the fragment grid with a lane and an element chosen, ldmatrix's tile, block
  // and phases, in both languages and themes.
  '?panel=mma&lane=5',
  '?example=tensor-cores/tf32-a&forecast=0&theme=dark',
  '?panel=mma&mode=ldmatrix&lang=hinglish&theme=dark',
  '?panel=mma&mode=ldmatrix&pitch=72&x=2&trans=1',
];

for (const q of pages) {
  test(`no WCAG 2 A/AA violations: ${q}`, async ({ app, page }) => {
    await app.open(q);
    await expect(page.locator('main')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await violations(page)).toEqual([]);
  });
}

test('every control is reachable by keyboard with a visible focus', async ({ app, page }) => {
  await app.open('?example=divergence/C1');
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return { tag: el.tagName, name: el.getAttribute('name') ?? el.getAttribute('data-action') ?? el.textContent?.slice(0, 20), outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 };
    });
    if (!info) continue;
    expect(info.outline, `${info.tag} ${info.name} shows its focus`).toBe(true);
    seen.add(`${info.tag}:${info.name}`);
  }
  expect([...seen].some((s) => s.startsWith('INPUT:paths'))).toBe(true);
  expect([...seen].some((s) => s.startsWith('INPUT:') && s.includes('forecast'))).toBe(true);
});

test('reduced motion: the scheduler never animates by itself', async ({ app, page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await app.open('?example=warp-scheduling/J');
  const cycle = page.locator('[data-cycle]');
  const before = await cycle.getAttribute('data-cycle');
  await page.waitForTimeout(500);
  expect(await cycle.getAttribute('data-cycle')).toBe(before);
});
