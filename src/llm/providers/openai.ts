import { createOpenAI } from '@ai-sdk/openai';
import type { ModelProviderDefinition } from './types.js';

/** OpenAI's API (Responses API), or a proxy of it at `--base-url` / `OPENAI_BASE_URL`. */
export const openaiProvider: ModelProviderDefinition = {
  id: 'openai',
  apiKeyVariable: 'OPENAI_API_KEY',
  apiKeyRequired: true,
  // Like OpenAI's own SDK, a proxy may stand in (it must speak the Responses API); servers that
  // only speak Chat Completions belong to openai-compatible.
  baseURLVariable: 'OPENAI_BASE_URL',
  defaultBaseURL: 'https://api.openai.com/v1',
  acceptsBaseURL: true,
  local: false,
  autoStructuredOutputMode: 'json',
  create: ({ modelName, apiKey, baseURL, fetch }) => createOpenAI({ apiKey, baseURL, fetch })(modelName),
};
