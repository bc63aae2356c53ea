import type { RunOptionsInput } from '../api/index.js';

/** Budget presets; the same figures as the OpenAI endpoint's reasoning_effort. */
export const PRESETS = {
  quick: { label: 'Quick', tokenBudget: 50_000, maxSteps: 8, maxAnswerAttempts: 2 },
  standard: { label: 'Standard', tokenBudget: 200_000, maxSteps: 20, maxAnswerAttempts: 3 },
  deep: { label: 'Deep', tokenBudget: 1_000_000, maxSteps: 50, maxAnswerAttempts: 5 },
} as const;
export type Preset = keyof typeof PRESETS;

/** Search provider ids the form offers (the server's registry). */
export const SEARCH_PROVIDERS = [
  'duckduckgo',
  'wikipedia',
  'arxiv',
  'github',
  'searxng',
  'brave',
  'serper',
  'tavily',
  'exa',
  'jina',
  'firecrawl',
];

const hosts = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((host) => host.trim())
    .filter(Boolean);

/** What the form holds, turned into the options the server validates. */
export function buildRunOptions(form: {
  model: string;
  preset: Preset | '';
  search: string[];
  report: boolean;
  boostHosts: string;
  excludeHosts: string;
  onlyHosts: string;
}): RunOptionsInput {
  const options: RunOptionsInput = { report: form.report };
  if (form.model.trim()) options.model = form.model.trim();
  if (form.preset) {
    const { label: _label, ...budget } = PRESETS[form.preset];
    Object.assign(options, budget);
  }
  if (form.search.length > 0) options.search = form.search;
  if (hosts(form.boostHosts).length > 0) options.boostHosts = hosts(form.boostHosts);
  if (hosts(form.excludeHosts).length > 0) options.excludeHosts = hosts(form.excludeHosts);
  if (hosts(form.onlyHosts).length > 0) options.onlyHosts = hosts(form.onlyHosts);
  return options;
}
