// What config exports without zod: the field table, loading, constants, words. The schemas (and the
// table with each field's schema) are behind the second door, schemas.ts.
export type { ModelRole } from '../contract/index.js';
export { closestName } from './closest-name.js';
export * from './constants.js';
export { optionDefault } from './defaults.js';
export type { ConfigField, FieldGroup, FieldRow } from './field.js';
export { fieldOfKey, fieldsOf } from './fields/index.js';
export { type LoadConfigOptions, type LoadedConfig, loadConfig } from './load-config.js';
export { keyProviderOf, MODEL_KEYS, modelForRole, modelsOf } from './models-of.js';
export type { PriorTurn, PriorTurnInput } from './prior-turns.js';
export type { ResearchConfig, ResearchConfigInput } from './schema.js';
export type { ServeSettings } from './settings.js';
export { highestTemperature, temperatureFor } from './temperature.js';
export { expectedOf, showValue, valueAt } from './values.js';
export { configError, describeConfigError } from './wording.js';
