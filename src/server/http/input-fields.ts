import { ApiError } from './errors.js';

/** What `POST /api/runs/:id/input` takes: clarifying answers, or a reviewed plan's sub-questions. */
const INPUT_FIELDS = ['answers', 'subQuestions'] as const;
/** What one item of `subQuestions` takes. */
const SUB_QUESTION_FIELDS = ['id', 'text', 'intent', 'perspective'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first key of `value` not in `known`, if any. */
const unknownKey = (value: Record<string, unknown>, known: readonly string[]) =>
  Object.keys(value).find((key) => !known.includes(key));

/**
 * Refuses a field the input body does not take (`"answer"` for `"answers"`, `subQuestions[1].txt`),
 * naming it, as the other bodies are refused; what the known fields hold is the answer check's to
 * judge against what the run asked.
 */
export function refuseUnknownInputFields(body: unknown): void {
  if (!isRecord(body)) return;
  let field = unknownKey(body, INPUT_FIELDS);
  const items = Array.isArray(body.subQuestions) ? body.subQuestions : [];
  for (const [index, item] of items.entries()) {
    if (field !== undefined) break;
    const inner = isRecord(item) ? unknownKey(item, SUB_QUESTION_FIELDS) : undefined;
    if (inner !== undefined) field = `subQuestions[${index}].${inner}`;
  }
  if (field === undefined) return;
  const fields = `${INPUT_FIELDS.map((name) => `"${name}"`).join(' or ')} (each sub-question: ${SUB_QUESTION_FIELDS.join(', ')})`;
  throw new ApiError('invalid_request', `Unknown field "${field}": the input body takes ${fields}.`, {
    field,
  });
}
