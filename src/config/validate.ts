import type { z } from 'zod';
import type { ConfigError, ConfigOrigin } from '../errors.js';
import { type OptionsTarget, targetOf } from './defaults.js';
import { type ResearchConfig, researchConfigKeys, researchConfigSchema } from './schema.js';
import {
  corpusSettingsSchema,
  evalSettingsSchema,
  mcpSettingsSchema,
  outputSettingsSchema,
  readSettingsSchema,
  serveSettingsSchema,
} from './settings.js';
import { expectedOf, valueAt } from './values.js';
import { configError } from './wording.js';

/** The schema of each options object. */
export const OPTION_SCHEMAS: Readonly<Record<OptionsTarget, z.ZodObject>> = {
  research: researchConfigSchema,
  serve: serveSettingsSchema,
  read: readSettingsSchema,
  corpus: corpusSettingsSchema,
  eval: evalSettingsSchema,
  mcp: mcpSettingsSchema,
  output: outputSettingsSchema,
};

/** The schema of an option's value, by its key (of any options object). */
export function schemaOfKey(key: string): z.ZodType {
  const target = targetOf(key);
  const schema = target ? OPTION_SCHEMAS[target].shape[key] : undefined;
  if (!schema) throw new Error(`No option has the key "${key}".`);
  return schema as z.ZodType;
}

/**
 * Validates a partial options object and fills in defaults. Throws `ConfigError` with the first
 * offending key, what it must be and what was given.
 */
export function parseResearchConfig(input: unknown): ResearchConfig {
  const parsed = researchConfigSchema.safeParse(input, { error: expectedOf });
  if (parsed.success) return parsed.data;
  throw configErrorFromZod(parsed.error, input);
}

/**
 * Checks one value with its schema; the error carries `key`, the origin and the value given
 * (`shown`, when the value was converted from text: the text as typed).
 */
export function checkValue<T>(
  schema: z.ZodType<T>,
  value: unknown,
  details: ConfigOrigin & { key: string },
  shown?: unknown,
): T {
  const parsed = schema.safeParse(value, { error: expectedOf });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  throw configError({
    ...details,
    key: [details.key, ...path].join('.'),
    expected: issue?.message ?? 'valid',
    received: shown !== undefined && path.length === 0 ? shown : valueAt(value, path),
  });
}

/** The first issue of a zod error on the research options, as a `ConfigError`. */
export function configErrorFromZod(error: z.ZodError, input: unknown): ConfigError {
  const issue = error.issues[0];
  if (!issue) return configError({ problem: 'usage', key: 'options', expected: 'valid options' });
  if (issue.code === 'unrecognized_keys') {
    return configError({
      problem: 'unknown_option',
      key: [...issue.path, issue.keys[0] ?? ''].join('.'),
      // The option names are known only at the top: a nested object (a prior turn) names its path alone.
      known: issue.path.length === 0 ? researchConfigKeys : [],
    });
  }
  if (issue.path.length === 0) {
    return configError({ key: 'options', expected: 'an object of options', received: input });
  }
  return configError({
    key: issue.path.join('.'),
    expected: issue.message,
    received: valueAt(input, issue.path),
  });
}
