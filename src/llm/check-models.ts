import type { ResearchConfig } from '../config/index.js';
import { ConfigError, isDeepResearchError } from '../errors.js';
import type { Environment } from './env.js';
import { apiKeyForModel } from './model-key.js';
import { resolveLanguageModel } from './resolve-model.js';

/** Every model the options name, with the option that names it. */
function configuredModels(config: ResearchConfig): Array<{ field: string; id: string }> {
  const roles = (['model', 'plannerModel', 'evaluatorModel', 'writerModel'] as const).flatMap((field) => {
    const id = config[field];
    return id ? [{ field, id }] : [];
  });
  return [...roles, ...config.fallbackModels.map((id) => ({ field: 'fallbackModels', id }))];
}

/**
 * Resolves every configured model the way a run will (provider known, key present, base URL
 * given) without calling any, so a mistake is reported before work starts. Throws `ConfigError`
 * naming the option (`model`, `fallbackModels`…) with the resolver's message, e.g.
 * `OPENAI_API_KEY is not set; pass --api-key or set OPENAI_API_KEY to use openai.`
 * Models in `injected` (ready-made language models) are not checked.
 */
export function checkModels(
  config: ResearchConfig,
  options: { env?: Environment; injected?: ReadonlySet<string> } = {},
): void {
  for (const { field, id } of configuredModels(config)) {
    if (options.injected?.has(id)) continue;
    try {
      resolveLanguageModel(id, {
        env: options.env ?? process.env,
        baseURL: config.baseURL,
        ...apiKeyForModel(config, id),
      });
    } catch (error) {
      if (!isDeepResearchError(error) || error.kind !== 'user') throw error;
      throw new ConfigError(error.message, { field, cause: error });
    }
  }
}
