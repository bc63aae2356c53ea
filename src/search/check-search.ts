import { configError } from '../config/index.js';
import { UnknownIdError } from '../errors.js';
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
 * `ConfigError` with key `search` and the provider: an unknown id is an `invalid_value`, a missing
 * key a `missing_api_key` (with the providers that need none as `known`), SearXNG without an
 * instance a `missing_base_url` (settable with the `searxngUrl` option).
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
      throw configError({
        key: 'search',
        expected: `known search providers (${error.known.join(', ')})`,
        received: id,
        cause: error,
      });
    }
    const variable = entry.keyVariable;
    if (entry.keyRequired && variable && !present(options.apiKeys?.[id]) && !present(env[variable])) {
      throw configError({
        problem: 'missing_api_key',
        key: 'search',
        provider: id,
        variable,
        known: keyless(),
      });
    }
    if (id === 'searxng' && !present(options.searxngUrl) && !present(env.SEARXNG_URL)) {
      throw configError({
        problem: 'missing_base_url',
        key: 'search',
        provider: id,
        variable: 'SEARXNG_URL',
        setting: 'searxngUrl',
      });
    }
  }
}
