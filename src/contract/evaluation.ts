/**
 * What the evaluator checks an answer for. `coverage` is the finish guard, checked without a model:
 * every sub-question covered by a finding or declared unanswerable, and more than one host cited
 * when findings came from more than one. `conflicts`, also checked without a model when the
 * findings disagree (see `SourceConflict`): the answer states every value of a conflict or none.
 * `claims`, also checked without a model: at least `minSupport` of the factual sentences supported
 * by their quotes (before the unsupported ones are removed), and a supported sentence for every
 * sub-question the findings cover. `window`, also checked without a model when the question asks
 * for recent sources ("this week", a date): no cited source dated before the window it asks for.
 */
export type EvaluationCheck =
  | 'definitive'
  | 'freshness'
  | 'plurality'
  | 'completeness'
  | 'strict'
  | 'coverage'
  | 'conflicts'
  | 'window'
  | 'claims';

/** The final evaluation's scores of an answer, each 0–10 (10 best). */
export interface EvaluationScores {
  /** How directly the answer addresses the question asked. */
  relevance: number;
  /** How well its claims are supported by their quotes; never above the measured support rate. */
  accuracy: number;
  /** How much of the question and its sub-questions it covers; never above the share answered. */
  completeness: number;
  /** How credible, independent and current its cited sources are. */
  sourceQuality: number;
}

/**
 * The final evaluation of a finished run's answer (accepted or forced): scores, and what is good,
 * weak and worth doing next. `method` says whether the evaluator model scored it, or (when no
 * model call was possible) it was measured from the claims, sub-questions and references alone.
 */
export interface AnswerEvaluation {
  scores: EvaluationScores;
  strengths: string[];
  weaknesses: string[];
  recommendations: string[];
  method: 'model' | 'measured';
}

/**
 * What went wrong with a rejected answer's steps and what to change (node-DeepResearch's
 * `analyzeSteps`); the planner's next prompt shows it, and a resumed run restores it.
 */
export interface StepAnalysisNote {
  /** The answer (draft attempt) it analyses. */
  attempt: number;
  recap: string;
  blame: string;
  improvement: string;
}
