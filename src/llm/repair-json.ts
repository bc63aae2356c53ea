import { jsonrepair } from 'jsonrepair';
import { z } from 'zod';

/** The outcome of reading structured output: the value, or what was wrong with it. */
export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * Reads a model's structured reply: a parsed value is validated as is; text has ```json fences
 * stripped, is cut to its outermost `{...}`, parsed (repaired by jsonrepair when it is not valid
 * JSON: trailing commas, single quotes, missing brackets...) and validated with `schema`.
 */
export function parseStructured<T>(reply: unknown, schema: z.ZodType<T>): ParseOutcome<T> {
  let value = reply;
  if (typeof reply === 'string') {
    const parsed = parseJsonText(reply);
    if (!parsed.ok) return parsed;
    value = parsed.value;
  }
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: `The JSON does not match the schema:\n${z.prettifyError(result.error)}` };
}

function parseJsonText(text: string): ParseOutcome<unknown> {
  const candidate = outermostObject(stripFences(text));
  if (candidate.trim() === '')
    return { ok: false, problem: 'The reply was empty; a JSON object was expected.' };
  try {
    return { ok: true, value: JSON.parse(candidate) };
  } catch {
    // Not valid JSON as is: fall through to the repair below.
  }
  try {
    return { ok: true, value: JSON.parse(jsonrepair(candidate)) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `The reply is not valid JSON and could not be repaired: ${reason}` };
  }
}

function stripFences(text: string): string {
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
  return fenced?.[1] ?? text;
}

function outermostObject(text: string): string {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  // An unclosed object (cut off by the token limit) is kept from its start for jsonrepair to close.
  if (start === -1) return text;
  return end > start ? text.slice(start, end + 1) : text.slice(start);
}
