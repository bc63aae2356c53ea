import type { ResearchConfig } from '../config/index.js';
import type { ResolveModelOptions } from './resolve-model.js';
import { parseModelId } from './resolve-model.js';

/**
 * The key options `resolveLanguageModel` gets for `modelId`. The `apiKey` option (`--api-key`)
 * belongs to the main model's provider; a model of another provider reads its own variable, and a
 * missing key for it is reported without suggesting `--api-key`, which would not reach it.
 */
export function apiKeyForModel(
  config: ResearchConfig,
  modelId: string,
): Pick<ResolveModelOptions, 'apiKey' | 'apiKeyFlag' | 'apiKeyNote'> {
  const mainProvider = parseModelId(config.model).provider;
  if (parseModelId(modelId).provider === mainProvider) return { apiKey: config.apiKey };
  return {
    apiKey: undefined,
    apiKeyFlag: null,
    apiKeyNote: `(--api-key is the key of the main model's provider, ${mainProvider}.)`,
  };
}
