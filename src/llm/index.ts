export { checkModels } from './check-models.js';
export { contextTokensFor } from './context-windows.js';
export { createLlm } from './create-llm.js';
export {
  type CreateEmbedderOptions,
  createEmbedder,
  type Embedder,
  embeddingProviders,
  resolveEmbeddingModel,
} from './embeddings.js';
export type { Environment } from './env.js';
export { isLlmError, LlmError, type LlmErrorCode } from './errors.js';
export { costOf, type ModelPrice, modelPrices, priceFor } from './prices.js';
export {
  knownModelProviders,
  type ModelProviderDefinition,
  modelProviders,
  type StructuredOutputMode,
} from './providers/index.js';
export { parseModelId, type ResolveModelOptions, resolveLanguageModel } from './resolve-model.js';
export type { FixedBy, LlmSettings } from './settings.js';
export { estimateTokens } from './token-estimate.js';
export type {
  Llm,
  LlmCallReport,
  LlmObjectRequest,
  LlmRequestBase,
  LlmResult,
  LlmTextRequest,
} from './types.js';
