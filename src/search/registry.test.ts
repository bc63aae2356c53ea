import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_PROVIDERS } from '../config/index.js';
import { createSearchProvider, searchProviderIds, searchProviderRegistry } from './registry.js';

describe('search provider registry', () => {
  it('builds every registered provider under its own id', () => {
    for (const id of searchProviderIds) expect(createSearchProvider(id, { env: {} }).id).toBe(id);
    expect(searchProviderIds).toHaveLength(11);
  });

  it('searches with providers that need no key when nothing is configured', () => {
    expect(DEFAULT_SEARCH_PROVIDERS.length).toBeGreaterThan(0);
    for (const id of DEFAULT_SEARCH_PROVIDERS) expect(searchProviderRegistry[id].keyRequired).toBe(false);
  });

  it('rejects an unknown id naming the known ones', () => {
    expect(() => createSearchProvider('google')).toThrow(
      /Unknown search provider "google"\. Known: duckduckgo/,
    );
  });
});
