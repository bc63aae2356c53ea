import type { EmbeddingModelV3, LanguageModelV3 } from '@ai-sdk/provider';
import { once } from '../../shared/index.js';

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
