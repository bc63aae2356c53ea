import type { EmbeddingModelV3, LanguageModelV3 } from '@ai-sdk/provider';
import { loadOptionalPackage } from '../../shared/index.js';
import { deferredLanguageModel } from './deferred-model.js';
import type { CreateModelOptions, ModelProviderDefinition } from './types.js';

const optionalPackages = { feature: 'The google provider', packages: ['@ai-sdk/google'] } as const;

/**
 * What of `@ai-sdk/google`'s provider is used: its language and embedding models. Declared here, so
 * the package's declarations (whose package a lean install leaves out) are not named by ours.
 */
interface GoogleProvider {
  (modelName: string): LanguageModelV3;
  embeddingModel(modelName: string): EmbeddingModelV3;
}

/**
 * The Gemini provider of `@ai-sdk/google` (an optional package) for these settings; throws
 * `MissingPackageError` naming the install command when it is not installed.
 */
export async function loadGoogleProvider({
  apiKey,
  baseURL,
  fetch,
}: Omit<CreateModelOptions, 'modelName'>): Promise<GoogleProvider> {
  const { createGoogleGenerativeAI } = await loadOptionalPackage({
    ...optionalPackages,
    load: () => import('@ai-sdk/google'),
  });
  return createGoogleGenerativeAI({ apiKey, baseURL, fetch });
}

/** Google's Gemini API (Generative Language), through `@ai-sdk/google`, loaded when used. */
export const googleProvider: ModelProviderDefinition = {
  id: 'google',
  apiKeyVariable: 'GOOGLE_GENERATIVE_AI_API_KEY',
  apiKeyRequired: true,
  defaultBaseURL: 'https://generativelanguage.googleapis.com/v1beta',
  acceptsBaseURL: false,
  local: false,
  autoStructuredOutputMode: 'json',
  optionalPackages,
  create: (options) =>
    deferredLanguageModel({
      provider: 'google.generative-ai',
      modelId: options.modelName,
      load: async () => (await loadGoogleProvider(options))(options.modelName),
    }),
};
