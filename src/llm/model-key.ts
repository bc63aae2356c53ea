import type { ResearchConfig } from '../config/index.js';
import { parseModelId } from './resolve-model.js';

/**
 * The `apiKey` option applies to `modelId` only when it has the provider of the main model:
 * `--api-key` belongs to that provider, and models of other providers read their own variable.
 */
export function apiKeyForModel(config: ResearchConfig, modelId: string): string | undefined {
  return parseModelId(modelId).provider === parseModelId(config.model).provider ? config.apiKey : undefined;
}
