import { ConfigError, UnknownIdError } from '../errors.js';
import type { Environment } from './api-key.js';
import { searchProviderEntry, searchProviderIds, searchProviderRegistry } from './registry.js';

/** What `checkSearch` looks at: the provider ids and where their keys and URLs come from. */
export interface CheckSearchOptions {
  providers: readonly string[];
  /** Environment read for keys and SEARXNG_URL (default: process.env). */
  env?: Environment;
  /** Base URL of the SearXNG instance, when given as an option. */
  searxngUrl?: string;
  /** API keys by provider id, when given as settings. */
  apiKeys?: Record<string, string>;
}

const keyless = () => searchProviderIds.filter((id) => !searchProviderRegistry[id].keyRequired);

/**
 * Checks before any search that every provider id is known and has what it needs (its API key,
 * SearXNG's URL), so a run does not spend its budget on searches that cannot succeed. Throws
 * `ConfigError` with field `search` (or `searxngUrl`) saying what to set.
 */
export function checkSearch(options: CheckSearchOptions): void {
  const env = options.env ?? process.env;
  const present = (value: string | undefined) => Boolean(value?.trim());
  for (const id of options.providers) {
    let entry: ReturnType<typeof searchProviderEntry>;
    try {
      entry = searchProviderEntry(id);
    } catch (error) {
      if (!(error instanceof UnknownIdError)) throw error;
      throw new ConfigError(error.message, { field: 'search', cause: error });
    }
    const variable = entry.keyVariable;
    if (entry.keyRequired && variable && !present(options.apiKeys?.[id]) && !present(env[variable])) {
      throw new ConfigError(
        `${variable} is not set; set it to search with ${id}, or choose a provider that needs no key (${keyless().join(', ')}).`,
        { field: 'search' },
      );
    }
    if (id === 'searxng' && !present(options.searxngUrl) && !present(env.SEARXNG_URL)) {
      throw new ConfigError('SEARXNG_URL is not set; pass --searxng-url or set SEARXNG_URL to use SearXNG.', {
        field: 'searxngUrl',
      });
    }
  }
}
