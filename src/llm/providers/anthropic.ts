import { createAnthropic } from '@ai-sdk/anthropic';
import type { ModelProviderDefinition } from './types.js';

/** Anthropic's Messages API. */
export const anthropicProvider: ModelProviderDefinition = {
  id: 'anthropic',
  apiKeyVariable: 'ANTHROPIC_API_KEY',
  apiKeyRequired: true,
  defaultBaseURL: 'https://api.anthropic.com/v1',
  acceptsBaseURL: false,
  local: false,
  autoStructuredOutputMode: 'json',
  create: ({ modelName, apiKey, baseURL, fetch }) => createAnthropic({ apiKey, baseURL, fetch })(modelName),
};
