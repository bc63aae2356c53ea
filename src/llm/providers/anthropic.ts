import { loadOptionalPackage } from '../../shared/index.js';
import { deferredLanguageModel } from './deferred-model.js';
import type { ModelProviderDefinition } from './types.js';

const optionalPackages = { feature: 'The anthropic provider', packages: ['@ai-sdk/anthropic'] } as const;

/** Anthropic's Messages API, through `@ai-sdk/anthropic` (an optional package, loaded when used). */
export const anthropicProvider: ModelProviderDefinition = {
  id: 'anthropic',
  apiKeyVariable: 'ANTHROPIC_API_KEY',
  apiKeyRequired: true,
  defaultBaseURL: 'https://api.anthropic.com/v1',
  acceptsBaseURL: false,
  local: false,
  autoStructuredOutputMode: 'json',
  optionalPackages,
  create: ({ modelName, apiKey, baseURL, fetch }) =>
    deferredLanguageModel({
      provider: 'anthropic.messages',
      modelId: modelName,
      load: async () => {
        const { createAnthropic } = await loadOptionalPackage({
          ...optionalPackages,
          load: () => import('@ai-sdk/anthropic'),
        });
        return createAnthropic({ apiKey, baseURL, fetch })(modelName);
      },
    }),
};
