import type { z } from 'zod';
import { ConfigError } from '../errors.js';
import { type ResearchConfig, researchConfigSchema } from './schema.js';

/**
 * Validates a partial options object and fills in defaults. The error names the first offending
 * field, what was given and what is allowed, prefixed by where it came from (flag, env, file).
 */
export function parseResearchConfig(input: unknown, origin = 'options'): ResearchConfig {
  const parsed = researchConfigSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw configErrorFromZod(parsed.error, origin);
}

export function configErrorFromZod(error: z.ZodError, origin: string): ConfigError {
  const issue = error.issues[0];
  if (!issue) return new ConfigError(`Invalid ${origin}.`);
  const field = issue.path.join('.');
  let message: string;
  if (issue.code === 'unrecognized_keys') {
    const known = Object.keys(researchConfigSchema.shape).join(', ');
    message = `Unknown option${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')} in ${origin}. Known options: ${known}.`;
    return new ConfigError(message, { field: issue.keys[0] });
  }
  message = `Invalid value for "${field || '(root)'}" in ${origin}: ${issue.message}.`;
  return new ConfigError(message, { field });
}
