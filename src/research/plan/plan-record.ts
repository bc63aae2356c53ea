import type { Perspective, QueryIntent, SubQuestion } from '../../contract/index.js';

/** The checklist the research works through: its angles and its sub-questions. */
export interface PlanRecord {
  subQuestions: SubQuestion[];
  /** The angles the plan covers; every sub-question belongs to one (see `perspectives.ts`). */
  perspectives: Perspective[];
  /** The planner said the question needs no research (greeting, arithmetic...). */
  trivial: boolean;
  /** Number of the next sub-question's id (`q1`, `q2`…). */
  nextSubQuestionId: number;
  /** What the question wants of its sources (see `resolveIntent`); undefined before the plan. */
  intent?: QueryIntent;
}

/** An empty plan. */
export function createPlanRecord(): PlanRecord {
  return { subQuestions: [], perspectives: [], trivial: false, nextSubQuestionId: 1 };
}

/** The sub-questions still open, in order. */
export function openSubQuestions(plan: Pick<PlanRecord, 'subQuestions'>): SubQuestion[] {
  return plan.subQuestions.filter((item) => item.status === 'open');
}

/** The question with every sub-question, open or closed: the query passages are ranked against. */
export function focusQuery(run: { question: string; plan: Pick<PlanRecord, 'subQuestions'> }): string {
  return [run.question, ...run.plan.subQuestions.map((item) => item.text)].join(' ');
}

/** One query per sub-question (each with the question), or the question alone before the plan. */
export function subQuestionQueries(run: {
  question: string;
  plan: Pick<PlanRecord, 'subQuestions'>;
}): string[] {
  if (run.plan.subQuestions.length === 0) return [run.question];
  return run.plan.subQuestions.map((item) => `${run.question} ${item.text}`);
}
