import type { SearchProviderId } from '../contract/index.js';
import type { Environment } from './api-key.js';
import { searchProviderRegistry } from './registry.js';

/** Providers used when nothing is configured: keyless, general-purpose. */
export const KEYLESS_DEFAULT_PROVIDERS: readonly SearchProviderId[] = ['duckduckgo', 'wikipedia'];

/** General web providers added to the defaults when their key is present, in this order. */
const keyedWebProviders: readonly SearchProviderId[] = [
  'brave',
  'serper',
  'tavily',
  'exa',
  'jina',
  'firecrawl',
];

/**
 * The keyless defaults (duckduckgo, wikipedia) plus SearXNG when SEARXNG_URL is set and every keyed
 * web provider whose key is set. Specialised sources (arXiv, GitHub) are only used when named.
 */
export function defaultSearchProviders(env: Environment = process.env): SearchProviderId[] {
  const present = (variable: string | undefined) => Boolean(variable && env[variable]?.trim());
  const keyed = keyedWebProviders.filter((id) => present(searchProviderRegistry[id].keyVariable));
  return [...KEYLESS_DEFAULT_PROVIDERS, ...(present('SEARXNG_URL') ? (['searxng'] as const) : []), ...keyed];
}
