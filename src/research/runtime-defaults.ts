import type { LanguageModel } from 'ai';
import type { ResearchConfig } from '../config/index.js';
import { DeepResearchError } from '../errors.js';
import type { Llm, LlmCallReport } from '../llm/types.js';
import type { Reader, SourceCache } from '../reader/types.js';
import type { SearchProvider } from '../search/types.js';
import type { DeepReadFunction } from './step-context.js';
import type { ResearchRuntime } from './types.js';

/** The capability modules, loaded lazily so a run that injects fakes never loads them. */
const LLM_MODULE = '../llm/index.js';
const SEARCH_MODULE = '../search/index.js';
const READER_MODULE = '../reader/index.js';

interface LlmModule {
  createLlm(settings: {
    config: ResearchConfig;
    env: Record<string, string | undefined>;
    fetch?: typeof fetch;
    languageModels?: Record<string, LanguageModel>;
    onCall?: (report: LlmCallReport) => void;
  }): Llm;
}

interface SearchModule {
  createSearch(settings: {
    providers: string[];
    env: Record<string, string | undefined>;
    fetch?: typeof fetch;
    searxngUrl?: string;
  }): SearchProvider;
}

interface ReaderModule {
  createReader(settings: { allowHosts: string[]; fetch?: typeof fetch; cache: SourceCache }): Reader;
  createMemorySourceCache(): SourceCache;
  deepRead?: DeepReadFunction;
}

async function load<T>(specifier: string, what: string): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    throw new DeepResearchError({
      code: 'unavailable',
      message: `The ${what} module could not be loaded; inject runtime.${what} instead.`,
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

/**
 * Uses what the runtime injects and builds the rest from the options: the model layer (reporting
 * every call to `onCall`), a fan-out search over `options.search`, and the safe reader.
 */
export async function resolveCapabilities(
  config: ResearchConfig,
  runtime: ResearchRuntime,
  onCall: (report: LlmCallReport, llm: Llm) => void,
): Promise<Capabilities> {
  const env = runtime.env ?? process.env;
  const fetchFunction = runtime.fetch;
  let llm = runtime.llm;
  if (!llm) {
    const { createLlm } = await load<LlmModule>(LLM_MODULE, 'llm');
    const created: Llm = createLlm({
      config,
      env,
      ...(fetchFunction ? { fetch: fetchFunction } : {}),
      ...(runtime.languageModels ? { languageModels: runtime.languageModels } : {}),
      onCall: (report) => onCall(report, created),
    });
    llm = created;
  }
  let searchProviders = runtime.searchProviders;
  if (!searchProviders) {
    const { createSearch } = await load<SearchModule>(SEARCH_MODULE, 'searchProviders');
    searchProviders = [
      createSearch({
        providers: config.search,
        env,
        ...(fetchFunction ? { fetch: fetchFunction } : {}),
        ...(config.searxngUrl ? { searxngUrl: config.searxngUrl } : {}),
      }),
    ];
  }
  let reader = runtime.reader;
  if (!reader) {
    const readerModule = await load<ReaderModule>(READER_MODULE, 'reader');
    reader = readerModule.createReader({
      allowHosts: config.allowHosts,
      ...(fetchFunction ? { fetch: fetchFunction } : {}),
      cache: runtime.sourceCache ?? readerModule.createMemorySourceCache(),
    });
  }
  let deepRead: Promise<DeepReadFunction | undefined> | undefined;
  const loadDeepRead = () => {
    deepRead ??= import(READER_MODULE).then(
      (module: ReaderModule) => module.deepRead,
      // Without the reader module there is no deep read; the step reports it as unavailable.
      () => undefined,
    );
    return deepRead;
  };
  return { llm, searchProviders, reader, loadDeepRead };
}
