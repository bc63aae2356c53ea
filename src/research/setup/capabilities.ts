import { createComputeSandbox } from '../../compute/index.js';
import type { ResearchConfig } from '../../config/index.js';
import { describeError } from '../../errors.js';
import { createLlm, type Llm, type LlmCallReport } from '../../llm/index.js';
import { deepRead } from '../../reader/index.js';
import type { Capabilities } from '../run/step-context.js';
import type { CapabilityOverrides } from '../types.js';
import { buildTools, type ProviderErrorHook, type ReaderHooks } from './tools.js';

/** What a run's capabilities report back to it. */
export interface CapabilityHooks extends ReaderHooks {
  /** After every model call (becomes a `usage` event). */
  onCall?: (report: LlmCallReport, llm: Llm) => void;
  /** A model started a cooldown after failing calls in a row (becomes a `model_cooldown` warning). */
  onCooldown?: (model: string, cooldownMs: number) => void;
}

/** Whether a run researches corpora: those the overrides offer and the options name, else option folders. */
export function usesCorpora(config: ResearchConfig, overrides: CapabilityOverrides): boolean {
  return overrides.corpora ? config.corpora.length > 0 : config.corpus.length > 0;
}

/** The model layer the options name (every model resolved now, so a missing key fails at once). */
export function buildLlm(
  config: ResearchConfig,
  overrides: CapabilityOverrides = {},
  onCall?: CapabilityHooks['onCall'],
  onCooldown?: CapabilityHooks['onCooldown'],
): Llm {
  if (overrides.llm) return overrides.llm;
  const llm: Llm = createLlm({
    config,
    env: overrides.env ?? process.env,
    structuredOutputMode: config.structuredOutput,
    fetch: overrides.fetch,
    languageModels: overrides.languageModels,
    ...(onCall ? { onCall: (report: LlmCallReport) => onCall(report, llm) } : {}),
    onCooldown,
    fixedBy: overrides.fixedBy,
  });
  return llm;
}

/**
 * Every capability of a run, from the options, with what `overrides` gives used instead: the model
 * layer (reporting every call), the fan-out search over `options.search` (none for a corpus run
 * without `web`), the safe reader with the source cache, the corpora offered, and the compute
 * sandbox unless `compute` is off (the overrides' sandbox when they give one).
 */
export function buildCapabilities(
  config: ResearchConfig,
  overrides: CapabilityOverrides = {},
  hooks: CapabilityHooks = {},
): Capabilities {
  const llm = buildLlm(config, overrides, hooks.onCall, hooks.onCooldown);
  const onProviderError: ProviderErrorHook = (providerId, error) => {
    const described = describeError(error);
    hooks.onWarning?.(described.code, `Search provider ${providerId} failed: ${described.message}`);
  };
  // With a corpus and without --web no search runs, so no provider needs its key.
  const webOff = !overrides.searchProviders && usesCorpora(config, overrides) && !config.web;
  const tools = webOff ? { ...overrides, searchProviders: [] } : overrides;
  const { search, reader } = buildTools(config, tools, onProviderError, hooks);
  return {
    llm,
    search,
    reader,
    deepRead,
    corpora: overrides.corpora ? [...overrides.corpora] : [],
    ...(config.compute ? { compute: overrides.compute ?? createComputeSandbox() } : {}),
  };
}
