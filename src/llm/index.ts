export { checkModels } from './check-models.js';
export { contextTokensFor } from './context-windows.js';
export { createLlm } from './create-llm.js';
export {
  createEmbedder,
  type Embedder,
} from './embeddings.js';
export type { Environment } from './env.js';
export { isLlmError, LlmError } from './errors.js';

export {
  knownModelProviders,
  type StructuredOutputMode,
} from './providers/index.js';
export { resolveLanguageModel } from './resolve-model.js';
export type { FixedBy, LlmSettings } from './settings.js';
export { schemaTextOf } from './structured-output.js';
export { estimateTokens } from './token-estimate.js';
export type {
  Llm,
  LlmCallReport,
  LlmObjectRequest,
  LlmRequestBase,
  LlmResult,
  LlmTextRequest,
} from './types.js';
