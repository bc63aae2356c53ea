import { DEPTH_PRESETS, type DepthPreset, type RunOptionsInput } from '../../../src/contract/index.js';
import type { RunOptionsForm } from '../state/index.js';

/** Names the form shows for the depth presets (budgets from the shared presets). */
export const PRESET_LABELS: Record<DepthPreset, string> = {
  quick: 'Quick',
  standard: 'Standard',
  deep: 'Deep',
};

const hosts = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((host) => host.trim())
    .filter(Boolean);

/** What the form holds, turned into the options the server validates. */
export function buildRunOptions(form: RunOptionsForm): RunOptionsInput {
  const options: RunOptionsInput = { report: form.report };
  if (form.model.trim()) options.model = form.model.trim();
  if (form.preset) {
    Object.assign(options, DEPTH_PRESETS[form.preset]);
  }
  if (form.search.length > 0) options.search = form.search;
  if (hosts(form.boostHosts).length > 0) options.boostHosts = hosts(form.boostHosts);
  if (hosts(form.excludeHosts).length > 0) options.excludeHosts = hosts(form.excludeHosts);
  if (hosts(form.onlyHosts).length > 0) options.onlyHosts = hosts(form.onlyHosts);
  if (form.clarify) options.clarify = true;
  if (form.reviewPlan) options.reviewPlan = true;
  if (form.corpora && form.corpora.length > 0) {
    options.corpora = form.corpora;
    if (form.web) options.web = true;
  }
  return options;
}
