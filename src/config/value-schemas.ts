import { z } from 'zod';
import { MODEL_PROVIDER_IDS } from '../contract/index.js';
import { expectedWords } from './values.js';

// The zod schemas of the values options share; their words are what a value must be (values.ts).

const MODEL_ID = 'a model id "provider:model", e.g. "openai:gpt-4o-mini" or "ollama:llama3.1"';

/** A `provider:model` id; never with `*`, which only an allow-list's `provider:*` pattern holds. */
export const modelId = z
  .string(expectedWords(MODEL_ID))
  .regex(/^[a-z][a-z0-9-]*:[^*]+$/, expectedWords(MODEL_ID));

const MODEL_PATTERN = `a model id "provider:model" or "provider:*" of a known provider (${MODEL_PROVIDER_IDS.join(', ')})`;

/** A model id, or `provider:*` for every model of a provider (the server's allow-list). */
export const modelPattern = z
  .string(expectedWords(MODEL_PATTERN))
  .regex(/^[a-z][a-z0-9-]*:.+$/, expectedWords(MODEL_PATTERN))
  .refine(
    (id) => (MODEL_PROVIDER_IDS as readonly string[]).includes(id.slice(0, id.indexOf(':'))),
    expectedWords(MODEL_PATTERN),
  );

/** An http or https URL. */
export const httpUrl = z.url({
  protocol: /^https?$/,
  error: 'an http(s) URL such as "http://127.0.0.1:8000/v1"',
});

/** A whole number from 1 to `max`. */
export function positiveWholeNumber(max: number) {
  const words = expectedWords('a positive whole number');
  return z
    .number(words)
    .int(words)
    .positive(words)
    .max(max, expectedWords(`a positive whole number up to ${max}`));
}

/** A whole number from `min` to `max`. */
export function wholeNumberBetween(min: number, max: number) {
  const words = expectedWords(`a whole number from ${min} to ${max}`);
  return z.number(words).int(words).min(min, words).max(max, words);
}

/** A number from `min` to `max`, fractions allowed. */
export function numberBetween(min: number, max: number) {
  const words = expectedWords(`a number from ${min} to ${max}`);
  return z.number(words).min(min, words).max(max, words);
}
