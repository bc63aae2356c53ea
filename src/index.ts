/**
 * DeepResearch as a library: `research(options, runtime)` runs one question to a cited answer with the
 * same options object the CLI builds. Test doubles live in `deepresearch/testing`.
 */

export type { RunArchive } from './archive/index.js';
export {
  type ConfigField,
  DEFAULT_MODEL,
  describeConfigError,
  type LoadConfigOptions,
  type LoadedConfig,
  loadConfig,
  type ResearchConfig,
  type ResearchConfigInput,
} from './config/index.js';
export { configFields, parseResearchConfig, researchConfigSchema } from './config/schemas.js';
export * from './contract/index.js';
export {
  ConfigError,
  type ConfigErrorDetails,
  type ConfigOrigin,
  type ConfigProblem,
  DeepResearchError,
  describeError,
  isDeepResearchError,
  MissingApiKeyError,
  MissingPackageError,
  UnknownIdError,
} from './errors.js';
export { createLlm, type Llm, LlmError, type LlmSettings } from './llm/index.js';
export type { Reader, Source, SourceCache } from './reader/index.js';
export {
  createMemorySourceCache,
  createReader,
  deepRead,
  extractHtml,
  ReaderError,
  readLocalFile,
} from './reader/index.js';
export * from './research/index.js';
export type { SearchProvider, SearchRequest, SearchResult } from './search/index.js';
export { createSearch, createSearchProvider, SearchError, searchProviderIds } from './search/index.js';
export { verifyReferences } from './verify/index.js';
