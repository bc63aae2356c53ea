export type { ModelRole } from '../contract/index.js';
export { closestName } from './closest-name.js';
export * from './constants.js';
export type { ConfigField, FieldGroup, FieldKind } from './field.js';
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
  researchConfigKeys,
  researchConfigSchema,
} from './schema.js';
export type {
  CorpusSettings,
  EvalSettings,
  OutputSettings,
  ReadSettings,
  ServeSettings,
} from './settings.js';
export { highestTemperature, type Temperatures, temperatureFor } from './temperature.js';
export { configErrorFromZod, parseResearchConfig } from './validate.js';
export { expectedOf, modelPattern, showValue, valueAt } from './values.js';
export { type ConfigWording, configError, describeConfigError } from './wording.js';
