import { createOpenAI } from '@ai-sdk/openai';
import type { ModelProviderDefinition } from './types.js';

/** OpenAI's own API (Responses API). */
export const openaiProvider: ModelProviderDefinition = {
  id: 'openai',
  apiKeyVariable: 'OPENAI_API_KEY',
  apiKeyRequired: true,
  // OPENAI_BASE_URL belongs to openai-compatible; OpenAI itself is always reached at its own URL.
  defaultBaseURL: 'https://api.openai.com/v1',
  acceptsBaseURL: false,
  local: false,
  autoStructuredOutputMode: 'json',
  create: ({ modelName, apiKey, baseURL, fetch }) => createOpenAI({ apiKey, baseURL, fetch })(modelName),
};
