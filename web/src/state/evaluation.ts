import type {
  AnswerEvaluation,
  ClaimsSummary,
  ClaimVerdict,
  EvaluationCheck,
  Reference,
  ResearchEvent,
} from '../../../src/contract/index.js';

/** One answer attempt and the evaluator's verdict on it. */
export interface EvaluationAttempt {
  attempt: number;
  step: number;
  answer: string;
  references: Reference[];
  /** The answer's sentences checked against their quotes, once they were. */
  claims?: { summary: ClaimsSummary; verdicts: ClaimVerdict[] };
  /** Undefined while the evaluator is still judging (or never judged it). */
  verdict?: {
    pass: boolean;
    checks: { type: EvaluationCheck; pass: boolean; reason: string }[];
  };
}

export interface EvaluationState {
  attempts: EvaluationAttempt[];
  /** The final grade of the run's answer (scores, strengths, weaknesses, recommendations), once it ended. */
  final?: AnswerEvaluation;
}

export const initialEvaluationState: EvaluationState = { attempts: [] };

/** Folds one event into the list of answer attempts and verdicts. Pure. */
export function evaluationReducer(state: EvaluationState, event: ResearchEvent): EvaluationState {
  if (event.type === 'answer-draft') {
    const attempt: EvaluationAttempt = {
      attempt: event.attempt,
      step: event.step,
      answer: event.answer,
      references: event.references,
    };
    return {
      ...state,
      attempts: [...state.attempts.filter((item) => item.attempt !== event.attempt), attempt],
    };
  }
  if (event.type === 'verification') {
    const claims = { summary: event.summary, verdicts: event.claims };
    return {
      ...state,
      attempts: state.attempts.map((item) => (item.attempt === event.attempt ? { ...item, claims } : item)),
    };
  }
  if (event.type === 'evaluation') {
    const verdict = { pass: event.pass, checks: event.checks };
    const known = state.attempts.some((item) => item.attempt === event.attempt);
    const attempts = known
      ? state.attempts.map((item) => (item.attempt === event.attempt ? { ...item, verdict } : item))
      : [
          ...state.attempts,
          { attempt: event.attempt, step: event.step, answer: '', references: [], verdict },
        ];
    return { ...state, attempts };
  }
  if (event.type === 'run-end' && event.evaluation) return { ...state, final: event.evaluation };
  return state;
}
