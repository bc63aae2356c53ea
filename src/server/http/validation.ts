import type { Context } from 'hono';
import type { z } from 'zod';
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

/** Validates `value` with `schema`; the 400 names the first offending field. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, prefix = ''): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  if (issue?.code === 'unrecognized_keys') {
    const field = [prefix, path, issue.keys[0]].filter(Boolean).join('.');
    throw new ApiError('invalid_request', `Unknown field "${field}".`, { field });
  }
  const field = [prefix, path].filter(Boolean).join('.') || undefined;
  throw new ApiError(
    'invalid_request',
    `Invalid value for "${field ?? 'body'}": ${issue?.message ?? 'invalid'}.`,
    {
      field,
    },
  );
}
