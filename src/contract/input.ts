import type { SubQuestionIntent } from './intents.js';

/** Most clarifying questions a run asks before it starts. */
export const MAX_CLARIFY_QUESTIONS = 3;
/** Longest clarifying question kept, in characters; a longer one is clipped at a word. */
export const MAX_CLARIFY_QUESTION_CHARS = 200;
/** Longest answer to one clarifying question, in characters. */
export const MAX_INPUT_ANSWER_CHARS = 1_000;
/** Longest sub-question text a person may write in a plan review, in characters. */
export const MAX_SUB_QUESTION_CHARS = 500;
/** Most sub-questions a reviewed plan may hold. */
export const MAX_REVIEWED_SUB_QUESTIONS = 12;

/** The kinds of input a run may wait for: answers to clarifying questions, or a reviewed plan. */
export const INPUT_KINDS = ['clarify', 'plan'] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

/** One sub-question of a plan shown for review. */
export interface PlanItem {
  /** `q1`, `q2`… as planned. */
  id: string;
  text: string;
  intent: SubQuestionIntent;
  /** Id of the perspective it belongs to. */
  perspective?: string;
}

/** One perspective of a plan under review (the shape of `Perspective`). */
export interface PlanPerspective {
  /** `p1`, `p2`… in the order planned. */
  id: string;
  name: string;
  focus: string;
}

/** The plan as a person reviews it: its perspectives and sub-questions with their intents. */
export interface PlanDraft {
  perspectives: PlanPerspective[];
  subQuestions: PlanItem[];
}

/**
 * What a run waits for while its status is `needs_input`: answers to up to three clarifying
 * questions (`clarify`), or the plan to confirm or edit before any research (`plan`).
 */
export type InputRequest = { kind: 'clarify'; questions: string[] } | { kind: 'plan'; plan: PlanDraft };

/**
 * One sub-question of an edited plan: `id` names a planned one (its text and intent may change);
 * an item without `id` is added; a planned id left out is dropped.
 */
export interface PlanEdit {
  id?: string;
  text: string;
  /** Default: the planned one's intent, `explore` for an added one. */
  intent?: SubQuestionIntent;
  /** Perspective id; default: the planned one's, or the one its words fit best. */
  perspective?: string;
}

/**
 * The person's input: one answer per clarifying question, in order (an empty answer skips it), or
 * the reviewed plan's sub-questions in the order to research them.
 */
export type InputAnswer = { kind: 'clarify'; answers: string[] } | { kind: 'plan'; subQuestions: PlanEdit[] };
