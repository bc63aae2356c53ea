import { MODEL_PROVIDER_IDS, type ModelProviderId } from '../../contract/index.js';
import { anthropicProvider } from './anthropic.js';
import { googleProvider } from './google.js';
import { ollamaProvider } from './ollama.js';
import { openaiProvider } from './openai.js';
import { openaiCompatibleProvider } from './openai-compatible.js';
import { openrouterProvider } from './openrouter.js';
import type { ModelProviderDefinition } from './types.js';

export { deferredEmbeddingModel } from './deferred-model.js';
export { loadGoogleProvider } from './google.js';
export type { CreateModelOptions, ModelProviderDefinition, StructuredOutputMode } from './types.js';

/** Every model provider, keyed by the `provider` part of a `provider:model` id. */
export const modelProviders: Readonly<Record<ModelProviderId, ModelProviderDefinition>> = Object.fromEntries(
  [
    openaiProvider,
    anthropicProvider,
    googleProvider,
    openrouterProvider,
    ollamaProvider,
    openaiCompatibleProvider,
  ].map((provider) => [provider.id, provider]),
) as Record<ModelProviderId, ModelProviderDefinition>;

/** Ids of the known model providers, in registry order. */
export const knownModelProviders: readonly ModelProviderId[] = MODEL_PROVIDER_IDS;
