import { keyProviderOf, type ResearchConfig } from '../config/index.js';
import type { ResolveModelOptions } from './resolve-model.js';
import { parseModelId } from './resolve-model.js';

/**
 * The key and base URL `resolveLanguageModel` gets for `modelId`. `apiKey` and `baseURL` belong to
 * one provider (`keyProviderOf(config)`: the one they were configured for); a model of another
 * provider reads its provider's own variables, so a key never travels to a server it was not meant
 * for, and a missing key for it is reported without suggesting `--api-key`, which would not reach it.
 */
export function connectionForModel(
  config: Pick<ResearchConfig, 'model' | 'keyProvider' | 'apiKey' | 'baseURL'>,
  modelId: string,
): Partial<Pick<ResolveModelOptions, 'apiKey' | 'baseURL' | 'keyProvider'>> {
  const keyProvider = keyProviderOf(config);
  if (parseModelId(modelId).provider === keyProvider) {
    return { apiKey: config.apiKey, baseURL: config.baseURL };
  }
  return { keyProvider };
}
