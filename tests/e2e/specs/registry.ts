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
export type Panel = { name: string; title: string; bundle: string; embed_height: number; params: Param[] };
export type Tool = { name: string; bundle: string; query: string };
export type Example = { id: string; panel: string; query: string; forecast: string; then: string | null };
export type Registry = { panels: Panel[]; tools: Tool[]; examples: Example[] };

export const REGISTRY: Registry = JSON.parse(readFileSync(resolve(__dirname, '../../../dist/registry.json'), 'utf8'));
export const PANELS: Panel[] = REGISTRY.panels;
export const PANEL_NAMES: string[] = PANELS.map((p) => p.name);

/** The declared choices of `panel`'s parameter `key`. */
export function choicesOf(panel: string, key: string): string[] {
  const p = PANELS.find((x) => x.name === panel)?.params.find((x) => x.key === key);
  if (!p?.choices) throw new Error(`registry.json: ${panel} has no choice parameter ${key}`);
  return p.choices;
}
