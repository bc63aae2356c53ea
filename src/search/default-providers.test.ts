import { describe, expect, it } from 'vitest';
import { defaultSearchProviders } from './default-providers.js';
import { createSearchProvider, searchProviderIds } from './registry.js';

describe('defaultSearchProviders', () => {
  it('is the keyless pair when no key is set', () => {
    expect(defaultSearchProviders({})).toEqual(['duckduckgo', 'wikipedia']);
  });

  it('adds SearXNG and keyed web providers whose variables are set, ignoring blank ones', () => {
    expect(
      defaultSearchProviders({
        SEARXNG_URL: 'http://127.0.0.1:8888',
        TAVILY_API_KEY: 'k',
        BRAVE_API_KEY: 'k',
        EXA_API_KEY: ' ',
      }),
    ).toEqual(['duckduckgo', 'wikipedia', 'searxng', 'brave', 'tavily']);
  });

  it('leaves specialised sources (GitHub) out even with a token', () => {
    expect(defaultSearchProviders({ GITHUB_TOKEN: 'ghp' })).not.toContain('github');
  });
});

describe('search provider registry', () => {
  it('builds every registered provider under its own id', () => {
    for (const id of searchProviderIds) expect(createSearchProvider(id, { env: {} }).id).toBe(id);
    expect(searchProviderIds).toHaveLength(11);
  });

  it('rejects an unknown id naming the known ones', () => {
    expect(() => createSearchProvider('google')).toThrow(
      /Unknown search provider "google"\. Known: duckduckgo/,
    );
  });
});
