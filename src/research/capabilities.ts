import type { ResearchConfig } from '../config/index.js';
import { DeepResearchError, describeError } from '../errors.js';
import type { Llm, LlmCallReport } from '../llm/types.js';
import type { Reader } from '../reader/types.js';
import type { SearchProvider } from '../search/types.js';
import type { DeepReadFunction } from './steps/context.js';
import type { ResearchRuntime } from './types.js';

/** Loads a capability module on first use, so a run that injects fakes never loads it. */
async function load<T>(importer: () => Promise<T>, what: string): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    throw new DeepResearchError({
      code: 'unavailable',
      message: `The ${what} module could not be loaded (${describeError(error).message}); inject runtime.${what} instead.`,
      cause: error,
    });
  }
}

/** The capabilities one run uses. */
export interface Capabilities {
  llm: Llm;
  searchProviders: SearchProvider[];
  reader: Reader;
  loadDeepRead: () => Promise<DeepReadFunction | undefined>;
}

/** What the default capabilities report back to the run. */
export interface CapabilityHooks {
  /** After every model call (becomes a `usage` event). */
  onCall: (report: LlmCallReport, llm: Llm) => void;
  /** A search provider failed while others answered (becomes a `warning` event). */
  onWarning: (code: string, message: string) => void;
}

/**
 * Uses what the runtime injects and builds the rest from the options: the model layer (reporting
 * every call), a fan-out search over `options.search`, and the safe reader with the source cache.
 */
export async function resolveCapabilities(
  config: ResearchConfig,
  runtime: ResearchRuntime,
  hooks: CapabilityHooks,
): Promise<Capabilities> {
  const env = runtime.env ?? process.env;
  const fetchFunction = runtime.fetch;
  let llm = runtime.llm;
  if (!llm) {
    const { createLlm } = await load(() => import('../llm/index.js'), 'llm');
    const created: Llm = createLlm({
      config,
      env,
      structuredOutputMode: config.structuredOutput,
      ...(fetchFunction ? { fetch: fetchFunction } : {}),
      ...(runtime.languageModels ? { languageModels: runtime.languageModels } : {}),
      onCall: (report) => hooks.onCall(report, created),
    });
    llm = created;
  }
  let searchProviders = runtime.searchProviders;
  if (!searchProviders) {
    const { checkSearch, createSearch } = await load(() => import('../search/index.js'), 'searchProviders');
    // A provider without its key or URL would fail every search; the run fails now instead.
    checkSearch({
      providers: config.search,
      env,
      ...(config.searxngUrl ? { searxngUrl: config.searxngUrl } : {}),
    });
    searchProviders = [
      createSearch({
        providers: config.search,
        env,
        ...(fetchFunction ? { fetch: fetchFunction } : {}),
        ...(config.searxngUrl ? { searxngUrl: config.searxngUrl } : {}),
        onProviderError: (providerId, error) => {
          const described = describeError(error);
          hooks.onWarning(described.code, `Search provider ${providerId} failed: ${described.message}`);
        },
      }),
    ];
  }
  let reader = runtime.reader;
  if (!reader) {
    const readerModule = await load(() => import('../reader/index.js'), 'reader');
    reader = readerModule.createReader({
      allowHosts: config.allowHosts,
      ...(fetchFunction ? { fetch: fetchFunction } : {}),
      cache: runtime.sourceCache ?? readerModule.createMemorySourceCache(),
    });
  }
  let deepRead: Promise<DeepReadFunction | undefined> | undefined;
  const loadDeepRead = () => {
    deepRead ??= import('../reader/index.js').then(
      (module) => module.deepRead,
      // Without the reader module there is no deep read; the step reports it as unavailable.
      () => undefined,
    );
    return deepRead;
  };
  return { llm, searchProviders, reader, loadDeepRead };
}
