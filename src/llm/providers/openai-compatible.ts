import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ConfigError } from '../../errors.js';
import type { ModelProviderDefinition } from './types.js';

/** Any Chat Completions server: vLLM, llama.cpp, LM Studio, proxies. Needs a base URL; key optional. */
export const openaiCompatibleProvider: ModelProviderDefinition = {
  id: 'openai-compatible',
  apiKeyVariable: 'OPENAI_API_KEY',
  apiKeyRequired: false,
  baseURLVariable: 'OPENAI_BASE_URL',
  acceptsBaseURL: true,
  local: true,
  autoStructuredOutputMode: 'json',
  create: ({ modelName, apiKey, baseURL, fetch }) => {
    if (!baseURL) {
      throw new ConfigError(
        'openai-compatible models need the server address: set OPENAI_BASE_URL or the "baseURL" option (e.g. http://127.0.0.1:8000/v1).',
        {
          problem: 'missing_base_url',
          provider: 'openai-compatible',
          variable: 'OPENAI_BASE_URL',
          setting: 'baseURL',
        },
      );
    }
    return createOpenAICompatible({
      name: 'openai-compatible',
      baseURL,
      apiKey,
      fetch,
      includeUsage: true,
      supportsStructuredOutputs: true,
    })(modelName);
  },
};
