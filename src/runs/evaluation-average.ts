import type { EvaluationScores, ResearchResult } from '../contract/index.js';

const KEYS = ['relevance', 'accuracy', 'completeness', 'sourceQuality'] as const;

/** Mean of each score over the results that have a final evaluation; null when none has. */
export function averageScores(results: readonly (ResearchResult | undefined)[]): {
  runs: number;
  average: EvaluationScores | null;
} {
  const graded = results.flatMap((result) => (result?.evaluation ? [result.evaluation.scores] : []));
  if (graded.length === 0) return { runs: 0, average: null };
  const mean = (key: (typeof KEYS)[number]) =>
    Math.round((graded.reduce((sum, scores) => sum + scores[key], 0) / graded.length) * 10) / 10;
  return {
    runs: graded.length,
    average: {
      relevance: mean('relevance'),
      accuracy: mean('accuracy'),
      completeness: mean('completeness'),
      sourceQuality: mean('sourceQuality'),
    },
  };
}

/** The mean of the four scores of one result (0–10), or undefined without an evaluation. */
export function overallScore(result: ResearchResult | undefined): number | undefined {
  const scores = result?.evaluation?.scores;
  if (!scores) return undefined;
  return KEYS.reduce((sum, key) => sum + scores[key], 0) / KEYS.length;
}
