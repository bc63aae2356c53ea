import type { ResearchConfig } from '../../config/index.js';
import {
  createBrowserRenderer,
  createMemorySourceCache,
  createReader,
  type ExchangeHook,
  type PageScreenshot,
  type Reader,
} from '../../reader/index.js';
import { checkSearch, createSearchProvider, fanOutSearch, type SearchProvider } from '../../search/index.js';
import type { CapabilityOverrides } from '../types.js';

// The search and the reader alone, without the model layer: what the MCP server's tools need at
// start (see on-demand.ts), apart from the capabilities of a run (capabilities.ts).

/** What the search and the reader are made from: the options that name providers and hosts. */
export type ToolConfig = Pick<ResearchConfig, 'search' | 'searxngUrl' | 'allowHosts' | 'browser'>;

/** Called for each search provider that failed while others answered. */
export type ProviderErrorHook = (providerId: string, error: unknown) => void;

/** What the reader (and a run's search) report back. */
export interface ReaderHooks {
  /** A search provider failed while others answered, or a page read warned (becomes a `warning` event). */
  onWarning?: (code: string, message: string) => void;
  /** Takes each page's screenshot when the browser is on (see `RunHooks.onScreenshot`). */
  onScreenshot?: (screenshot: PageScreenshot) => void;
  /** Takes each HTTP exchange the reader makes, bodies as received (the run's archive). */
  onExchange?: ExchangeHook;
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
  hooks: ReaderHooks = {},
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
  readerHooks: ReaderHooks = {},
): { search: SearchProvider; reader: Reader } {
  return {
    search: fanOutSearch(buildSearchProviders(config, overrides), { onProviderError }),
    reader: buildReader(config, overrides, readerHooks),
  };
}
