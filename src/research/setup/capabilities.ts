import { createComputeSandbox } from '../../compute/index.js';
import type { ResearchConfig } from '../../config/index.js';
import { describeError } from '../../errors.js';
import { createLlm, type Llm, type LlmCallReport } from '../../llm/index.js';
import {
  createBrowserRenderer,
  createMemorySourceCache,
  createReader,
  deepRead,
  type ExchangeHook,
  type PageScreenshot,
  type Reader,
} from '../../reader/index.js';
import { checkSearch, createSearchProvider, fanOutSearch, type SearchProvider } from '../../search/index.js';
import type { Capabilities } from '../run/step-context.js';
import type { CapabilityOverrides } from '../types.js';

/** What the search and the reader are made from: the options that name providers and hosts. */
export type ToolConfig = Pick<ResearchConfig, 'search' | 'searxngUrl' | 'allowHosts' | 'browser'>;

/** Called for each search provider that failed while others answered. */
export type ProviderErrorHook = (providerId: string, error: unknown) => void;

/** What a run's capabilities report back to it. */
export interface CapabilityHooks {
  /** After every model call (becomes a `usage` event). */
  onCall?: (report: LlmCallReport, llm: Llm) => void;
  /** A search provider failed while others answered (becomes a `warning` event). */
  onWarning?: (code: string, message: string) => void;
  /** A model started a cooldown after failing calls in a row (becomes a `model_cooldown` warning). */
  onCooldown?: (model: string, cooldownMs: number) => void;
  /** Takes each page's screenshot when the browser is on (see `RunHooks.onScreenshot`). */
  onScreenshot?: (screenshot: PageScreenshot) => void;
  /** Takes each HTTP exchange the reader makes, bodies as received (the run's archive). */
  onExchange?: ExchangeHook;
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
 * The web search providers, one by one: the overrides', else those `config.search` names, checked
 * first (a provider without its key or URL would fail every search; it fails now instead).
 */
export function buildSearchProviders(
  config: ToolConfig,
  overrides: CapabilityOverrides = {},
): SearchProvider[] {
  if (overrides.searchProviders) return overrides.searchProviders;
  const env = overrides.env ?? process.env;
  checkSearch({
    providers: config.search,
    env,
    searxngUrl: config.searxngUrl,
  });
  return [...new Set(config.search)].map((id) =>
    createSearchProvider(id, {
      env,
      fetch: overrides.fetch,
      ...(id === 'searxng' && config.searxngUrl ? { baseURL: config.searxngUrl } : {}),
    }),
  );
}

/**
 * The safe reader over the options' allowed hosts, with the source cache, and the browser when the
 * options name one (its requests obey the same hosts); or the override.
 */
export function buildReader(
  config: Pick<ToolConfig, 'allowHosts' | 'browser'>,
  overrides: CapabilityOverrides = {},
  hooks: Pick<CapabilityHooks, 'onWarning' | 'onScreenshot' | 'onExchange'> = {},
): Reader {
  if (overrides.reader) return overrides.reader;
  const rules = {
    allowHosts: config.allowHosts,
    fetch: overrides.fetch,
    fixedBy: overrides.fixedBy,
  };
  return createReader({
    ...rules,
    cache: overrides.sourceCache ?? createMemorySourceCache(),
    ...(config.browser ? { browser: createBrowserRenderer({ executable: config.browser, rules }) } : {}),
    onWarning: hooks.onWarning,
    onScreenshot: hooks.onScreenshot,
    onExchange: hooks.onExchange,
  });
}

/** The search (every provider fanned out and fused) and the reader: what a tool surface needs, no model. */
export function buildTools(
  config: ToolConfig,
  overrides: CapabilityOverrides = {},
  onProviderError?: ProviderErrorHook,
  readerHooks: Pick<CapabilityHooks, 'onWarning' | 'onScreenshot' | 'onExchange'> = {},
): { search: SearchProvider; reader: Reader } {
  return {
    search: fanOutSearch(buildSearchProviders(config, overrides), { onProviderError }),
    reader: buildReader(config, overrides, readerHooks),
  };
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
