import type { EvalQuestion } from '../types.js';
import { scoreAnswer } from './answer-metrics.js';

/** What `eval score --json` prints: averages over every dataset question, a missing prediction scoring 0. */
export interface PredictionScores {
  /** Questions in the dataset. */
  n: number;
  /** Exact match, 0–1. */
  em: number;
  /** Token F1, 0–1. */
  f1: number;
  precision: number;
  recall: number;
  /** Questions with a prediction. */
  answered: number;
  /** Questions without one (each scored 0). */
  missing: number;
  /** Predictions whose id is not in the dataset (ignored). */
  unmatched: number;
}

/** Scores predictions against a dataset as the official SQuAD/HotpotQA scripts do (best over aliases). */
export function scorePredictions(
  questions: readonly EvalQuestion[],
  predictions: ReadonlyMap<string, string>,
): PredictionScores {
  const totals = { em: 0, f1: 0, precision: 0, recall: 0 };
  let answered = 0;
  for (const question of questions) {
    const prediction = predictions.get(question.id);
    if (prediction === undefined) continue;
    answered += 1;
    const scores = scoreAnswer(prediction, [question.answer, ...question.aliases]);
    totals.em += scores.em;
    totals.f1 += scores.f1;
    totals.precision += scores.precision;
    totals.recall += scores.recall;
  }
  const ids = new Set(questions.map((question) => question.id));
  const n = questions.length;
  const average = (total: number) => (n === 0 ? 0 : total / n);
  return {
    n,
    em: average(totals.em),
    f1: average(totals.f1),
    precision: average(totals.precision),
    recall: average(totals.recall),
    answered,
    missing: n - answered,
    unmatched: [...predictions.keys()].filter((id) => !ids.has(id)).length,
  };
}
