import { PANEL_NAMES, PANELS, REGISTRY } from './registry';

// Every worked example (`example=`), in the home view's order: the seed pages' cells, as the
// registry declares them (dist/registry.json).
export const EXAMPLES: string[] = REGISTRY.examples.map((e) => e.id);

/** A parameter's declared maximum (registry.json), so that a deep link "at the extreme" follows
 * the model's one constant rather than restating it. */
export function top(panel: string, name: string): number {
  const max = PANELS.find((p) => p.name === panel)?.params.find((q) => q.name === name)?.max;
  if (max === undefined) throw new Error(`registry.json: ${panel} declares no maximum for ${name}`);
  return max;
}

/** A choice parameter's last declared choice (registry.json). */
export function last(panel: string, name: string): string {
  const choices = PANELS.find((p) => p.name === panel)?.params.find((q) => q.name === name)?.choices;
  if (!choices?.length) throw new Error(`registry.json: ${panel} declares no choices for ${name}`);
  return choices[choices.length - 1];
}

// Each panel at its defaults and at the extremes of its inputs: the pages that must never be
// wider than the screen. The extremes are the declared limits (`top`, `last`); the other numbers
// are values a learner might type (a large grid, a thread of the last warp).
export const PANEL_PAGES = [...new Set([
  './',
  // Every panel of the registry at its defaults, then the extremes below.
  ...PANEL_NAMES.map((name) => `?panel=${name}`),
  // The tools' pages: an assignment of three steps (one of them named bad) and the author page.
  `?assignment=1&title=Week+3&step=${encodeURIComponent('example=divergence/C4')}&step=${encodeURIComponent('panel=gpu')}&step=${encodeURIComponent('panel=kernel&challenge=transpose')}`,
  `?panel=author&title=Week+3&step=${encodeURIComponent('example=divergence/C4')}&step=${encodeURIComponent('panel=quiz&count=2&seed=7')}`,
  `?panel=warps&block=${top('warps', 'block-x')}`, '?panel=warps&block=512,2', '?panel=warps&block=32,32&n=100000',
  '?panel=warps&block=1,1,64', '?panel=warps&block=16,16&image=1920x1080&thread=255&warp=7',
  `?panel=divergence&paths=${Array.from({ length: 32 }, (_, i) => 1000 * (i + 1)).join(',')}`,
  `?panel=divergence&counts=${Array.from({ length: 32 }, (_, i) => (i ? i : top('divergence', 'counts'))).join(',')}`,
  `?panel=divergence&cond=idx%25%203%20%3D%3D%200&warps=${top('divergence', 'warps')}`,
  `?panel=latency&L=${top('latency', 'L')}&W=1&resident=${top('latency', 'resident')}&cap=${top('latency', 'cap')}&T=${top('latency', 'T')}&S=${top('latency', 'S')}`,
  `?panel=latency&mode=hardware&cc=${last('latency', 'cc')}&tpb=${top('latency', 'tpb')}&regs=255&cores=${top('latency', 'cores')}`,
  `?panel=coalescing&stride=${top('coalescing', 'stride')}&elem=${last('coalescing', 'elem')}&offset=${top('coalescing', 'offset')}`,
  `?panel=coalescing&matrix=${top('coalescing', 'matrix')}&walk=column`,
  `?panel=coalescing&fields=${top('coalescing', 'fields')}&field=${top('coalescing', 'field')}&elem=${last('coalescing', 'elem')}`,
  '?panel=quiz&seed=1', `?panel=quiz&seed=2&count=${top('quiz', 'count')}`,
  `?panel=kernel&block=${top('warps', 'block-x')}&grid=4096`,
  `?panel=banks&mode=tile&tile=${top('banks', 'tile')}`, '?panel=banks&stride=32&elem=8',
])];
