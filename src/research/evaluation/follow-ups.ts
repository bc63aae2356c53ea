import type { SourceConflict, SubQuestionOutcome } from '../../contract/index.js';

/** How many follow-up questions an answer comes with. */
export const FOLLOW_UP_COUNT = 3;
/** Longest follow-up question kept, in characters: a longer one is not a question to click. */
const MAX_FOLLOW_UP_CHARS = 200;

/** What follow-ups are made from when the model gives none (or too few): the run's own records. */
export interface FollowUpRecords {
  question: string;
  subQuestions: readonly SubQuestionOutcome[];
  conflicts: readonly SourceConflict[];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const asQuestion = (text: string) => {
  const line = oneLine(text).replace(/[.:;,!\s]+$/, '');
  return line.endsWith('?') ? line : `${line}?`;
};

/**
 * Follow-ups from the records alone: which value is right for each conflict, then the sub-questions
 * left open, then those the sources could not answer. Fewer than three when the records hold fewer;
 * never a fixed list.
 */
export function followUpsFromRecords(records: FollowUpRecords): string[] {
  const conflicts = records.conflicts.map((conflict) => {
    const values = conflict.values.map((value) => oneLine(value.value)).join(' or ');
    return `Which is right for "${oneLine(conflict.about).replace(/[.:]+$/, '')}": ${values}?`;
  });
  const open = records.subQuestions
    .filter((item) => item.outcome === 'open')
    .map((item) => asQuestion(item.text));
  const unanswerable = records.subQuestions
    .filter((item) => item.outcome === 'unanswerable')
    .map((item) => asQuestion(item.text));
  return [...conflicts, ...open, ...unanswerable];
}

/**
 * The model's suggestions that are real questions (one line, ending with `?`, not too long, not the
 * run's own question, not repeated), then the records' follow-ups, up to `FOLLOW_UP_COUNT`.
 * Garbage, a refusal or instructions from a page do not pass: they are not questions.
 */
export function chooseFollowUps(suggested: readonly (string | null)[], records: FollowUpRecords): string[] {
  const seen = new Set([oneLine(records.question).toLowerCase()]);
  const chosen: string[] = [];
  const take = (text: string) => {
    const line = oneLine(text);
    const key = line.toLowerCase();
    if (chosen.length >= FOLLOW_UP_COUNT || seen.has(key)) return;
    if (!line.endsWith('?') || line.length < 10 || line.length > MAX_FOLLOW_UP_CHARS) return;
    seen.add(key);
    chosen.push(line);
  };
  for (const text of suggested) if (typeof text === 'string') take(text);
  for (const text of followUpsFromRecords(records)) take(text);
  return chosen;
}
