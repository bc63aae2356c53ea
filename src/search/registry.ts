import { SEARCH_PROVIDER_IDS, type SearchProviderId } from '../contract/index.js';
import { UnknownIdError } from '../errors.js';
import type { SearchProviderSettings } from './provider-settings.js';
import { createArxivSearch } from './providers/arxiv.js';
import { createBraveSearch } from './providers/brave.js';
import { createDuckDuckGoSearch } from './providers/duckduckgo.js';
import { createExaSearch } from './providers/exa.js';
import { createFirecrawlSearch } from './providers/firecrawl.js';
import { createGithubSearch } from './providers/github.js';
import { createJinaSearch } from './providers/jina.js';
import { createSearxngSearch } from './providers/searxng.js';
import { createSerperSearch } from './providers/serper.js';
import { createTavilySearch } from './providers/tavily.js';
import { createWikipediaSearch } from './providers/wikipedia.js';
import type { SearchProvider } from './types.js';

/** How a registered provider is built and what it needs. */
export interface SearchProviderEntry {
  create: (settings?: SearchProviderSettings) => SearchProvider;
  /** Environment variable of its API key; absent for keyless providers. */
  keyVariable?: string;
  /** Whether the key is required (GitHub works without one, for repositories). */
  keyRequired: boolean;
}

const entries = {
  duckduckgo: { create: createDuckDuckGoSearch, keyRequired: false },
  wikipedia: { create: createWikipediaSearch, keyRequired: false },
  arxiv: { create: createArxivSearch, keyRequired: false },
  searxng: { create: createSearxngSearch, keyRequired: false },
  brave: { create: createBraveSearch, keyVariable: 'BRAVE_API_KEY', keyRequired: true },
  serper: { create: createSerperSearch, keyVariable: 'SERPER_API_KEY', keyRequired: true },
  tavily: { create: createTavilySearch, keyVariable: 'TAVILY_API_KEY', keyRequired: true },
  exa: { create: createExaSearch, keyVariable: 'EXA_API_KEY', keyRequired: true },
  jina: { create: createJinaSearch, keyVariable: 'JINA_API_KEY', keyRequired: true },
  firecrawl: { create: createFirecrawlSearch, keyVariable: 'FIRECRAWL_API_KEY', keyRequired: true },
  github: { create: createGithubSearch, keyVariable: 'GITHUB_TOKEN', keyRequired: false },
} satisfies Record<SearchProviderId, SearchProviderEntry>;

/** Every search provider, by id. */
export const searchProviderRegistry: Readonly<Record<SearchProviderId, SearchProviderEntry>> = entries;

/** Ids of every registered search provider. */
export const searchProviderIds: readonly SearchProviderId[] = SEARCH_PROVIDER_IDS;

/** Whether `id` names a registered search provider. */
export function isSearchProviderId(id: string): id is SearchProviderId {
  return (SEARCH_PROVIDER_IDS as readonly string[]).includes(id);
}

/** The registry entry of `id`; throws UnknownIdError listing the known ids. */
export function searchProviderEntry(id: string): SearchProviderEntry {
  if (!isSearchProviderId(id))
    throw new UnknownIdError({ what: 'search provider', id, known: searchProviderIds });
  return searchProviderRegistry[id];
}

/** Builds the provider registered as `id`; unknown ids throw UnknownIdError listing the known ones. */
export function createSearchProvider(id: string, settings: SearchProviderSettings = {}): SearchProvider {
  return searchProviderEntry(id).create(settings);
}
