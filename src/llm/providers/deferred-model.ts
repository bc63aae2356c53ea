import type { EmbeddingModelV3, LanguageModelV3 } from '@ai-sdk/provider';

/**
 * Imports a model's provider package at most once, when a call first needs it; a failed import is
 * forgotten so the next call tries again (a package installed meanwhile is found).
 */
function once<Model>(load: () => Promise<Model>): () => Promise<Model> {
  let loading: Promise<Model> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** What a deferred model is named by before its package is loaded, and how to load it. */
export interface DeferredModelOptions<Model> {
  /** The provider string the package's own model reports, e.g. `anthropic.messages`. */
  provider: string;
  /** Model name, e.g. `claude-haiku-4-5`. */
  modelId: string;
  /** Imports the provider package (a dynamic `import()`) and creates the model. */
  load: () => Promise<Model>;
}

/**
 * The AI SDK language model of an optional provider package, whose `import()` waits for the first
 * call: `create` stays synchronous (every model is resolved before a run starts, and a missing
 * package is reported then, by `checkOptionalPackages`), and users of other providers never load it.
 */
export function deferredLanguageModel(options: DeferredModelOptions<LanguageModelV3>): LanguageModelV3 {
  const model = once(options.load);
  return {
    specificationVersion: 'v3',
    provider: options.provider,
    modelId: options.modelId,
    get supportedUrls() {
      return model().then((loaded) => loaded.supportedUrls);
    },
    doGenerate: async (callOptions) => (await model()).doGenerate(callOptions),
    doStream: async (callOptions) => (await model()).doStream(callOptions),
  };
}

/** The embedding counterpart of `deferredLanguageModel`. */
export function deferredEmbeddingModel(options: DeferredModelOptions<EmbeddingModelV3>): EmbeddingModelV3 {
  const model = once(options.load);
  return {
    specificationVersion: 'v3',
    provider: options.provider,
    modelId: options.modelId,
    get maxEmbeddingsPerCall() {
      return model().then((loaded) => loaded.maxEmbeddingsPerCall);
    },
    get supportsParallelCalls() {
      return model().then((loaded) => loaded.supportsParallelCalls);
    },
    doEmbed: async (callOptions) => (await model()).doEmbed(callOptions),
  };
}
