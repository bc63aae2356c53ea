import {
  type InputRequest,
  type PlanDraft,
  SUB_QUESTION_INTENTS,
  type SubQuestionIntent,
} from '../../../src/contract/index.js';

/** One line of the plan checklist: a planned sub-question (with `id`) or an added one. */
export interface PlanRow {
  id?: string;
  text: string;
  intent: SubQuestionIntent;
  /** Unticked: dropped, never researched. */
  keep: boolean;
}

/** The checklist of a plan under review: every planned sub-question, ticked. */
export function planRows(plan: PlanDraft): PlanRow[] {
  return plan.subQuestions.map((item) => ({ id: item.id, text: item.text, intent: item.intent, keep: true }));
}

/** An empty row to add a sub-question. */
export function addedRow(): PlanRow {
  return { text: '', intent: 'explore', keep: true };
}

/** The intents a row may take, for its select. */
export const INTENTS = SUB_QUESTION_INTENTS;

/**
 * The body of `POST /api/runs/:id/input` for a reviewed plan: the ticked rows with text, in order
 * (a planned one by its id, an added one without).
 */
export function planBody(rows: readonly PlanRow[]) {
  return {
    subQuestions: rows
      .filter((row) => row.keep && row.text.trim())
      .map((row) => ({ ...(row.id ? { id: row.id } : {}), text: row.text.trim(), intent: row.intent })),
  };
}

/** The body for clarifying answers: one per question, in order ("" skips one). */
export function clarifyBody(request: Extract<InputRequest, { kind: 'clarify' }>, answers: readonly string[]) {
  return { answers: request.questions.map((_, index) => (answers[index] ?? '').trim()) };
}
