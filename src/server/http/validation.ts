import type { Context } from 'hono';
import type { z } from 'zod';
import { configError, describeConfigError, expectedOf, valueAt } from '../../config/index.js';
import { ApiError } from './errors.js';

/** Reads the request body as JSON; a body that is not JSON is a 400. */
export async function readJsonBody(context: Context): Promise<unknown> {
  const text = await context.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', 'The request body is not valid JSON.');
  }
}

/**
 * Validates `value` with `schema`; the 400 names the first offending field and words the value
 * the way every surface does (`Invalid value for "limit": must be at most 500, got 1000.`).
 */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, prefix = ''): T {
  const parsed = schema.safeParse(value, { error: expectedOf });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  if (issue?.code === 'unrecognized_keys') {
    const field = [prefix, ...path, issue.keys[0]].filter(Boolean).join('.');
    throw new ApiError('invalid_request', `Unknown field "${field}".`, { field });
  }
  const field = [prefix, ...path].filter((part) => part !== '').join('.') || 'body';
  const details = { key: field, expected: issue?.message ?? 'valid', received: valueAt(value, path) };
  const message = describeConfigError(configError(details), { place: `"${field}"` });
  throw new ApiError('invalid_request', message, { field });
}
