export type { ModelRole } from '../contract/index.js';
export * from './constants.js';
export {
  modelForRole,
  type ResearchConfig,
  type ResearchConfigInput,
  researchConfigSchema,
} from './schema.js';
export { configErrorFromZod, parseResearchConfig } from './validate.js';
