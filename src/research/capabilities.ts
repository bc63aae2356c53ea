import type { ResearchConfig } from '../config/index.js';
import { describeError } from '../errors.js';
import { createLlm, type Llm, type LlmCallReport } from '../llm/index.js';
import { createMemorySourceCache, createReader, deepRead, type Reader } from '../reader/index.js';
import { checkSearch, createSearch, fanOutSearch, type SearchProvider } from '../search/index.js';
import type { ResearchCorpus } from './sources/corpora.js';
import type { DeepReadFunction } from './step/context.js';
import type { ResearchRuntime } from './types.js';

/** The capabilities one run uses. */
export interface Capabilities {
  llm: Llm;
  /** Every configured provider behind one fan-out with fusion. */
  search: SearchProvider;
  reader: Reader;
  deepRead: DeepReadFunction;
  /** Local folders the run researches, indexed (see `attachCorpora`). */
  corpora: ResearchCorpus[];
}

/** What the default capabilities report back to the run. */
export interface CapabilityHooks {
  /** After every model call (becomes a `usage` event). */
  onCall: (report: LlmCallReport, llm: Llm) => void;
  /** A search provider failed while others answered (becomes a `warning` event). */
  onWarning: (code: string, message: string) => void;
}

/** Whether a run researches corpora: those the runtime offers and the options name, else option folders. */
export function usesCorpora(config: ResearchConfig, runtime: ResearchRuntime): boolean {
  return runtime.corpora ? config.corpora.length > 0 : config.corpus.length > 0;
}

/**
 * Uses what the runtime injects and builds the rest from the options: the model layer (reporting
 * every call), a fan-out search over `options.search`, and the safe reader with the source cache.
 */
export function resolveCapabilities(
  config: ResearchConfig,
  runtime: ResearchRuntime,
  hooks: CapabilityHooks,
): Capabilities {
  const env = runtime.env ?? process.env;
  const fetchFunction = runtime.fetch;
  let llm = runtime.llm;
  if (!llm) {
    const created: Llm = createLlm({
      config,
      env,
      structuredOutputMode: config.structuredOutput,
      ...(fetchFunction ? { fetch: fetchFunction } : {}),
      ...(runtime.languageModels ? { languageModels: runtime.languageModels } : {}),
      onCall: (report) => hooks.onCall(report, created),
      ...(runtime.fixedBy ? { fixedBy: runtime.fixedBy } : {}),
    });
    llm = created;
  }
  const onProviderError = (providerId: string, error: unknown) => {
    const described = describeError(error);
    hooks.onWarning(described.code, `Search provider ${providerId} failed: ${described.message}`);
  };
  let search: SearchProvider;
  if (runtime.searchProviders) {
    search = fanOutSearch(runtime.searchProviders, { onProviderError });
  } else if (usesCorpora(config, runtime) && !config.web) {
    // With a corpus and without --web no search runs, so no provider needs its key.
    search = fanOutSearch([], { onProviderError });
  } else {
    // A provider without its key or URL would fail every search; the run fails now instead.
    checkSearch({
      providers: config.search,
      env,
      ...(config.searxngUrl ? { searxngUrl: config.searxngUrl } : {}),
    });
    search = createSearch({
      providers: config.search,
      env,
      ...(fetchFunction ? { fetch: fetchFunction } : {}),
      ...(config.searxngUrl ? { searxngUrl: config.searxngUrl } : {}),
      onProviderError,
    });
  }
  const reader =
    runtime.reader ??
    createReader({
      allowHosts: config.allowHosts,
      ...(fetchFunction ? { fetch: fetchFunction } : {}),
      ...(runtime.fixedBy ? { fixedBy: runtime.fixedBy } : {}),
      cache: runtime.sourceCache ?? createMemorySourceCache(),
    });
  return { llm, search, reader, deepRead, corpora: runtime.corpora ? [...runtime.corpora] : [] };
}
