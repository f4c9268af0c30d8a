import { PANEL_NAMES, REGISTRY } from './registry';

// Every worked example (`example=`), in the home view's order: the seed pages' cells, as the
// registry declares them (dist/registry.json).
export const EXAMPLES: string[] = REGISTRY.examples.map((e) => e.id);

// Each panel at its defaults and at the extremes of its inputs: the pages that must never be
// wider than the screen.
export const PANEL_PAGES = [...new Set([
  './',
  // Every panel of the registry at its defaults, then the extremes below.
  ...PANEL_NAMES.map((name) => `?panel=${name}`),
  // The tools' pages: an assignment of three steps (one of them named bad) and the author page.
  `?assignment=1&title=Week+3&step=${encodeURIComponent('example=divergence/C4')}&step=${encodeURIComponent('panel=gpu')}&step=${encodeURIComponent('panel=kernel&challenge=transpose')}`,
  `?panel=author&title=Week+3&step=${encodeURIComponent('example=divergence/C4')}&step=${encodeURIComponent('panel=quiz&count=2&seed=7')}`,
  '?panel=warps', '?panel=warps&block=1024', '?panel=warps&block=512,2', '?panel=warps&block=32,32&n=100000',
  '?panel=warps&block=1,1,64', '?panel=warps&block=16,16&image=1920x1080&thread=255&warp=7',
  '?panel=divergence', `?panel=divergence&paths=${Array.from({ length: 32 }, (_, i) => 1000 * (i + 1)).join(',')}`,
  `?panel=divergence&counts=${Array.from({ length: 32 }, (_, i) => (i ? i : 100000)).join(',')}`,
  '?panel=divergence&cond=idx%25%203%20%3D%3D%200&warps=256',
  '?panel=latency', '?panel=latency&L=100000&W=1&resident=256&cap=256&T=16&S=8',
  '?panel=latency&mode=hardware&cc=9.0&tpb=1024&regs=255&cores=4096',
  '?panel=coalescing', '?panel=coalescing&stride=4096&elem=16&offset=1048576', '?panel=coalescing&matrix=4096&walk=column',
  '?panel=coalescing&fields=64&field=63&elem=16',
  '?panel=quiz&seed=1', '?panel=quiz&seed=2&count=50',
  '?panel=gpu',
  '?panel=kernel', '?panel=kernel&block=1024&grid=4096',
  '?panel=banks', '?panel=banks&mode=tile', '?panel=banks&stride=32&elem=8',
])];
