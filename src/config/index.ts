export type { ModelRole } from '../contract/index.js';
export { closestName } from './closest-name.js';
export * from './constants.js';
export type { ConfigField, FieldGroup } from './field.js';
export { configFields, fieldOfKey, fieldsOf } from './fields/index.js';
export { type LoadConfigOptions, type LoadedConfig, loadConfig } from './load-config.js';
export type { PriorTurn, PriorTurnInput } from './prior-turns.js';
export {
  keyProviderOf,
  MODEL_KEYS,
  modelForRole,
  modelsOf,
  type ResearchConfig,
  type ResearchConfigInput,
  researchConfigSchema,
} from './schema.js';
export type { ServeSettings } from './settings.js';
export { highestTemperature, temperatureFor } from './temperature.js';
export { parseResearchConfig } from './validate.js';
export { expectedOf, showValue, valueAt } from './values.js';
export { configError, describeConfigError } from './wording.js';
