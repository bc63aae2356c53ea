import type { ModelRole } from '../contract/index.js';
import type { ResearchConfig } from './schema.js';

/**
 * The provider `apiKey` and `baseURL` belong to: `keyProvider`, else the provider of `model`.
 * A model of any other provider never gets them (it reads its provider's own variables).
 */
export function keyProviderOf(config: Pick<ResearchConfig, 'model' | 'keyProvider'>): string {
  return config.keyProvider ?? config.model.slice(0, config.model.indexOf(':'));
}

/** The keys that name models: the main model, the role models and the fallbacks. */
export const MODEL_KEYS = [
  'model',
  'plannerModel',
  'extractorModel',
  'evaluatorModel',
  'writerModel',
  'fallbackModels',
] as const;

/** Every model the options name (role models and fallbacks), with the key that names it. */
export function modelsOf(config: ResearchConfig): Array<{ key: (typeof MODEL_KEYS)[number]; id: string }> {
  const roles = (
    ['model', 'plannerModel', 'extractorModel', 'evaluatorModel', 'writerModel'] as const
  ).flatMap((key) => {
    const id = config[key];
    return id ? [{ key, id }] : [];
  });
  return [...roles, ...config.fallbackModels.map((id) => ({ key: 'fallbackModels' as const, id }))];
}

/** The model that plays `role`: its own model option, else the main model. */
export function modelForRole(config: ResearchConfig, role: ModelRole): string {
  if (role === 'planner') return config.plannerModel ?? config.model;
  if (role === 'extractor') return config.extractorModel ?? config.model;
  if (role === 'evaluator') return config.evaluatorModel ?? config.model;
  return config.writerModel ?? config.model;
}
