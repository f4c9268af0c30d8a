// The browser half of `cargo xtask bench`: first figure after navigation (median of 10 loads),
// input → figure updated (median and p95 of 50 changes), the simulation's throughput in wasm,
// and memory over 10,000 slider changes. Prints numbers; asserts nothing.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';

const PORT = 4183;
const server = spawn('node', ['serve.mjs'], { env: { ...process.env, PORT: String(PORT), COURSE_PORT: '4184' }, stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));
const base = `http://127.0.0.1:${PORT}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--enable-precise-memory-info'],
});

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const p95 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]; };
const fmt = (x) => `${x.toFixed(2)} ms`;

async function firstFigure(query) {
  const times = [];
  for (let i = 0; i < 10; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.querySelector('[data-metric]')) { window.__firstFigure = performance.now(); obs.disconnect(); }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(base + query);
    await page.waitForFunction(() => window.__firstFigure !== undefined);
    times.push(await page.evaluate(() => window.__firstFigure));
    await context.close();
  }
  return times;
}

async function inputLatency(query, field, values, metric) {
  const page = await browser.newPage();
  await page.goto(base + query);
  await page.waitForSelector(`[data-metric="${metric}"]`);
  const times = await page.evaluate(async ({ field, values, metric }) => {
    const out = [];
    const input = document.querySelector(`input[name="${field}"]`);
    for (const v of values) {
      const fig = () => document.querySelector(`[data-metric="${metric}"]`);
      const before = fig()?.getAttribute('data-value');
      const t0 = performance.now();
      const done = new Promise((resolve) => {
        const check = () => { const f = fig(); if (f && f.getAttribute('data-value') !== before) { resolve(performance.now()); return true; } return false; };
        const obs = new MutationObserver(() => { if (check()) obs.disconnect(); });
        obs.observe(document.body, { attributes: true, childList: true, subtree: true });
      });
      input.value = v;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      out.push((await done) - t0);
    }
    return out;
  }, { field, values, metric });
  await page.close();
  return times;
}

const load = await firstFigure('?panel=warps&block=1024');
console.log(`first figure, warps panel at 1024 threads: median ${fmt(median(load))} of 10 loads (budget 200 ms)`);

// 50 changes that alternate the figure: 1024 threads ↔ 1023 threads.
const xs = Array.from({ length: 50 }, (_, i) => (i % 2 ? '1024' : '1023'));
const warps = await inputLatency('?panel=warps&block=1024', 'block-x', xs, 'idle-lanes-per-block');
console.log(`input → figure, warps panel at 1024 threads: median ${fmt(median(warps))}, p95 ${fmt(p95(warps))} (budget 8 ms median)`);

const paths = (t) => Array.from({ length: 32 }, (_, i) => (i === 0 ? t : 7)).join(',');
const ds = Array.from({ length: 50 }, (_, i) => paths(8 + (i % 2)));
const div = await inputLatency(`?panel=divergence&paths=${paths(7)}`, 'paths', ds, 'diverged-cycles');
console.log(`input → figure, divergence panel at 32 paths: median ${fmt(median(div))}, p95 ${fmt(p95(div))}`);

const page = await browser.newPage();
await page.addInitScript(() => addEventListener('TrunkApplicationStarted', (e) => { window.__wasm = e.detail.wasm; }));
await page.goto(base + '?panel=warps&block=1024');
await page.waitForSelector('[data-metric]');
const rate = await page.evaluate(() => window.wasmBindings.warp_lab_bench_simulation(64, 200000));
console.log(`scheduler simulation in wasm: ${rate.toExponential(3)} warp-cycles/s`);
const mem = await page.evaluate(async () => {
  const wasmBytes = () => window.__wasm?.memory?.buffer?.byteLength ?? 0;
  const heap = () => performance.memory?.usedJSHeapSize ?? 0;
  const input = document.querySelector('input[name="block-x"]');
  const step = async (n) => { for (let i = 0; i < n; i++) { input.value = String(1 + (i % 1024)); input.dispatchEvent(new Event('input', { bubbles: true })); if (i % 200 === 0) await new Promise((r) => setTimeout(r, 0)); } };
  await step(1000);
  const before = { wasm: wasmBytes(), heap: heap() };
  await step(10000);
  await new Promise((r) => setTimeout(r, 50));
  return { before, after: { wasm: wasmBytes(), heap: heap() } };
});
console.log(`memory over 10,000 changes: wasm ${mem.before.wasm} → ${mem.after.wasm} B, JS heap ${mem.before.heap} → ${mem.after.heap} B`);
await browser.close();
server.kill();
