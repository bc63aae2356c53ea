import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ModelProviderDefinition } from './types.js';

const defaultBaseURL = 'http://127.0.0.1:11434/v1';

/** A local Ollama server through its OpenAI-compatible API; no key needed. */
export const ollamaProvider: ModelProviderDefinition = {
  id: 'ollama',
  apiKeyVariable: 'OLLAMA_API_KEY',
  apiKeyRequired: false,
  baseURLVariable: 'OLLAMA_BASE_URL',
  defaultBaseURL,
  acceptsBaseURL: true,
  local: true,
  autoStructuredOutputMode: 'json',
  create: ({ modelName, apiKey, baseURL, fetch }) =>
    createOpenAICompatible({
      name: 'ollama',
      baseURL: baseURL ?? defaultBaseURL,
      apiKey,
      fetch,
      includeUsage: true,
      supportsStructuredOutputs: true,
    })(modelName),
};
