/** Search provider ids the registry knows: keyless first, then keyed (GitHub works with or without a key). */
export const SEARCH_PROVIDER_IDS = [
  'duckduckgo',
  'wikipedia',
  'arxiv',
  'searxng',
  'brave',
  'serper',
  'tavily',
  'exa',
  'jina',
  'firecrawl',
  'github',
] as const;

export type SearchProviderId = (typeof SEARCH_PROVIDER_IDS)[number];

/** Model provider ids (the part of `provider:model` before the colon). */
export const MODEL_PROVIDER_IDS = [
  'openai',
  'anthropic',
  'google',
  'openrouter',
  'ollama',
  'openai-compatible',
] as const;

export type ModelProviderId = (typeof MODEL_PROVIDER_IDS)[number];
