import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { checkSearch } from './check-search.js';

describe('checkSearch', () => {
  it('passes keyless providers, keyed ones whose key is set, and SearXNG with a URL', () => {
    expect(() =>
      checkSearch({
        providers: ['duckduckgo', 'wikipedia', 'arxiv', 'github', 'brave', 'tavily', 'searxng'],
        env: { BRAVE_API_KEY: 'b', SEARXNG_URL: 'http://127.0.0.1:8888' },
        apiKeys: { tavily: 't' },
      }),
    ).not.toThrow();
    expect(() =>
      checkSearch({ providers: ['searxng'], env: {}, searxngUrl: 'http://127.0.0.1:8888' }),
    ).not.toThrow();
  });

  it('rejects an unknown id, listing the known ones', () => {
    expect(() => checkSearch({ providers: ['google'], env: {} })).toThrow(
      'Invalid value for "search": must be known search providers (duckduckgo, wikipedia, arxiv, searxng, brave, serper, tavily, exa, jina, firecrawl, github), got "google".',
    );
  });

  it('names the missing key variable and the keyless alternatives', () => {
    let error: unknown;
    try {
      checkSearch({ providers: ['wikipedia', 'serper'], env: { SERPER_API_KEY: '  ' } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ key: 'search', problem: 'missing_api_key', variable: 'SERPER_API_KEY' });
    expect((error as Error).message).toBe(
      'SERPER_API_KEY is not set; set it to search with serper, or choose a provider that needs no key (duckduckgo, wikipedia, arxiv, searxng, github).',
    );
  });

  it('asks for the SearXNG URL', () => {
    expect(() => checkSearch({ providers: ['searxng'], env: {} })).toThrow(
      /SEARXNG_URL is not set; pass the "searxngUrl" option or set SEARXNG_URL/,
    );
  });
});
