import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import { embedMany } from 'ai';
import { ConfigError, UnknownIdError } from '../errors.js';
import { type CreateModelOptions, deferredEmbeddingModel, loadGoogleProvider } from './providers/index.js';
import { providerOf, type ResolveModelOptions, resolveProviderOptions } from './resolve-model.js';

type EmbeddingFactory = (options: CreateModelOptions) => EmbeddingModelV3;

const openAICompatibleEmbedding =
  (name: string): EmbeddingFactory =>
  ({ modelName, apiKey, baseURL, fetch }) =>
    createOpenAICompatible({ name, baseURL: baseURL ?? '', apiKey, fetch }).embeddingModel(modelName);

/**
 * Embedding models by provider id; keys, base URLs and their variables come from the model
 * provider registry, so `ollama:nomic-embed-text` finds Ollama where `ollama:llama3` does. Every
 * OpenAI-compatible server (vLLM, llama.cpp, LM Studio, Ollama) is reached at `<base URL>/embeddings`.
 */
const embeddingFactories: Readonly<Record<string, EmbeddingFactory>> = {
  openai: ({ modelName, apiKey, baseURL, fetch }) =>
    createOpenAI({ apiKey, baseURL, fetch }).embedding(modelName),
  google: (options) =>
    deferredEmbeddingModel({
      provider: 'google.generative-ai',
      modelId: options.modelName,
      load: async () => (await loadGoogleProvider(options)).embeddingModel(options.modelName),
    }),
  ollama: openAICompatibleEmbedding('ollama'),
  'openai-compatible': openAICompatibleEmbedding('openai-compatible'),
};

/** Provider ids that have embedding models. */
export const embeddingProviders: readonly string[] = Object.keys(embeddingFactories);

/**
 * The AI SDK embedding model for `provider:model` (e.g. `openai:text-embedding-3-small`,
 * `ollama:nomic-embed-text`, `openai-compatible:bge-m3`). Throws `UnknownIdError` for a provider
 * without embeddings, `MissingApiKeyError` naming the variable, `MissingPackageError` when
 * `@ai-sdk/google` is not installed for a google model, and `ConfigError` for a bad id or an
 * openai-compatible model without a base URL.
 */
export function resolveEmbeddingModel(id: string, options: ResolveModelOptions = {}): EmbeddingModelV3 {
  const provider = providerOf(id).id;
  const factory = embeddingFactories[provider];
  if (!factory)
    throw new UnknownIdError({ what: 'embedding provider', id: provider, known: embeddingProviders });
  const { definition, create } = resolveProviderOptions(id, options);
  if (!create.baseURL) {
    throw new ConfigError(
      `${id} needs the server address: pass --embed-base-url or set ${definition.baseURLVariable ?? 'its base URL'} (e.g. http://127.0.0.1:8000/v1).`,
      { key: 'embedBaseURL' },
    );
  }
  return factory(create);
}

/** Turns texts into vectors with one model; what the corpus index and search call. */
export interface Embedder {
  /** The `provider:model` id, stored with the vectors so they are never mixed with another model's. */
  id: string;
  embed(values: readonly string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
}

/** Options of `createEmbedder`: where the model is, and how many requests may run at once. */
export interface CreateEmbedderOptions extends ResolveModelOptions {
  /** Requests in flight at once (default 2). */
  maxParallelCalls?: number;
  /** Retries of a failed request (default 2, the AI SDK's). */
  maxRetries?: number;
}

/** An `Embedder` over the AI SDK's `embedMany` for `provider:model`. */
export function createEmbedder(id: string, options: CreateEmbedderOptions = {}): Embedder {
  const model = resolveEmbeddingModel(id, options);
  return {
    id,
    async embed(values, callOptions = {}) {
      if (values.length === 0) return [];
      const result = await embedMany({
        model,
        values: [...values],
        maxParallelCalls: options.maxParallelCalls ?? 2,
        maxRetries: options.maxRetries,
        abortSignal: callOptions.signal,
      });
      return result.embeddings;
    },
  };
}
