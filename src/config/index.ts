export * from './constants.js';
export {
  type ModelRole,
  modelForRole,
  type ResearchConfig,
  type ResearchConfigInput,
  researchConfigSchema,
} from './schema.js';
export { configErrorFromZod, parseResearchConfig } from './validate.js';
