import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ModelProviderDefinition } from './types.js';

/** OpenRouter, through its OpenAI-compatible Chat Completions API; model names like `openai/gpt-4o`. */
export const openrouterProvider: ModelProviderDefinition = {
  id: 'openrouter',
  apiKeyVariable: 'OPENROUTER_API_KEY',
  apiKeyRequired: true,
  defaultBaseURL: 'https://openrouter.ai/api/v1',
  acceptsBaseURL: false,
  local: false,
  autoStructuredOutputMode: 'json',
  create: ({ modelName, apiKey, baseURL, fetch }) =>
    createOpenAICompatible({
      name: 'openrouter',
      baseURL: baseURL ?? 'https://openrouter.ai/api/v1',
      apiKey,
      fetch,
      includeUsage: true,
      // OpenRouter documents json_schema response formats. A model that handles them badly can be
      // switched to tool mode: `structuredOutputMode: { 'openrouter:vendor/model': 'tool' }`.
      supportsStructuredOutputs: true,
    })(modelName),
};
