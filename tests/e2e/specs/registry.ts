// The model's declarations as data: `cargo xtask dist` writes dist/registry.json from the
// registry, the parameters and the examples (xtask/src/registry.rs). The specs and the bench read
// their lists of panels, tools and examples from here, so a panel added to the registry is opened
// by them without a list to edit.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type Param = {
  name: string; key: string; kind: 'whole' | 'choice' | 'list' | 'text';
  min?: number; max?: number; len?: number; choices?: string[];
  default: string; unit: string | null; in_form: boolean; more: boolean;
};
/** `also`: the panel's other bundles (the kernel lab's challenge page's). */
export type Panel = { name: string; title: string; bundle: string; also: string[]; embed_height: number; params: Param[] };
export type Tool = { name: string; bundle: string; query: string };
export type Example = { id: string; panel: string; query: string; forecast: string; then: string | null };
/** A page the build prerendered: its folder (relative to the site's root), its state without `lang`, its language. */
export type Prerendered = { path: string; query: string; lang: 'en' | 'hinglish' };
export type Registry = { panels: Panel[]; tools: Tool[]; examples: Example[]; prerendered: Prerendered[] };

export const REGISTRY: Registry = JSON.parse(readFileSync(resolve(__dirname, '../../../dist/registry.json'), 'utf8'));
export const PANELS: Panel[] = REGISTRY.panels;
export const PANEL_NAMES: string[] = PANELS.map((p) => p.name);
export const PRERENDERED: Prerendered[] = REGISTRY.prerendered;

/** The declared choices of `panel`'s parameter `key`. */
export function choicesOf(panel: string, key: string): string[] {
  const p = PANELS.find((x) => x.name === panel)?.params.find((x) => x.key === key);
  if (!p?.choices) throw new Error(`registry.json: ${panel} has no choice parameter ${key}`);
  return p.choices;
}

/**
 * The state a page of the site shows: its prerendered page's state (its path, relative to the
 * site's root, is one of `PRERENDERED`) with the address's query read over it, as the app reads
 * it (warp_model::site::page_query). `root` is the site's root address.
 */
export function stateOf(url: string, root: string): URLSearchParams {
  const u = new URL(url);
  const path = u.pathname.slice(new URL(root).pathname.length);
  const page = PRERENDERED.find((p) => p.path === path);
  const state = new URLSearchParams(page?.query ?? '');
  if (page && page.lang !== 'en') state.set('lang', page.lang);
  for (const key of new Set(u.searchParams.keys())) {
    state.delete(key);
    for (const v of u.searchParams.getAll(key)) state.append(key, v);
  }
  return state;
}
