import type { FieldRow } from '../field.js';
import type { ResearchConfig } from '../schema.js';

/** A research option's row: in the research group (its schema is the research options'). */
export const research = (
  key: keyof ResearchConfig,
  rest: Omit<FieldRow, 'key' | 'groups'> & { groups?: FieldRow['groups'] },
): FieldRow => ({ key, groups: ['research'], ...rest });
