import type { ConfigField } from '../field.js';
import { researchConfigSchema } from '../schema.js';

const shape = researchConfigSchema.shape;
type ResearchKey = keyof typeof shape;

/** A research option's row: in the research group, its schema from the research options. */
export const research = (
  key: ResearchKey,
  rest: Omit<ConfigField, 'key' | 'groups' | 'schema'> & { groups?: ConfigField['groups'] },
): ConfigField => ({ key, groups: ['research'], schema: shape[key], ...rest });
