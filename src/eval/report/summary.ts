import type { DatasetFormat, EvalSummary, GroupFigures, JudgeFigures } from '../../contract/index.js';
import { isCorrect, type QuestionResult } from '../run/question-result.js';
import { countBy, mean, quantile } from './statistics.js';

export type { EvalSummary, GroupFigures };

function groupFigures(results: readonly QuestionResult[]): GroupFigures {
  return {
    n: results.length,
    accuracy: mean(results.map((result) => (isCorrect(result) ? 1 : 0))),
    em: mean(results.map((result) => result.em)),
    f1: mean(results.map((result) => result.f1)),
  };
}

function groupsBy(results: readonly QuestionResult[], keysOf: (result: QuestionResult) => string[]) {
  const groups = new Map<string, QuestionResult[]>();
  for (const result of results) {
    for (const key of keysOf(result)) {
      const group = groups.get(key);
      if (group) group.push(result);
      else groups.set(key, [result]);
    }
  }
  return [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

/** Sums costs; null as soon as one is unknown. */
function totalCost(costs: readonly (number | null | undefined)[]): number | null {
  let total = 0;
  for (const cost of costs) {
    if (cost === null || cost === undefined) return null;
    total += cost;
  }
  return total;
}

function judgeFigures(results: readonly QuestionResult[]): JudgeFigures | undefined {
  const judged = results.filter((result) => result.judge);
  if (judged.length === 0) return undefined;
  const grades = judged.map((result) => result.judge?.grade);
  const graded = grades.filter((grade) => grade !== undefined).length;
  const share = (grade: string) =>
    graded === 0 ? 0 : grades.filter((value) => value === grade).length / graded;
  const correct = share('correct');
  const incorrect = share('incorrect');
  const accuracyGivenAttempted = correct + incorrect > 0 ? correct / (correct + incorrect) : 0;
  return {
    model: judged[0]?.judge?.model ?? '',
    graded,
    failed: judged.length - graded,
    correct,
    incorrect,
    notAttempted: share('not_attempted'),
    accuracyGivenAttempted,
    f1:
      correct + accuracyGivenAttempted > 0
        ? (2 * correct * accuracyGivenAttempted) / (correct + accuracyGivenAttempted)
        : 0,
    costUsd: totalCost(judged.map((result) => result.judge?.usage?.costUsd)),
  };
}

/** Aggregates result lines into the summary of an evaluation. */
export function summarize(input: {
  dataset: string;
  format: DatasetFormat;
  questions: number;
  results: readonly QuestionResult[];
}): EvalSummary {
  const { results } = input;
  const judge = judgeFigures(results);
  const references = results.reduce((sum, result) => sum + result.citations.references, 0);
  const verified = results.reduce((sum, result) => sum + result.citations.verified, 0);
  const withClaims = results.flatMap((result) => (result.citations.claims ? [result.citations.claims] : []));
  const claimTotal = withClaims.reduce((sum, claims) => sum + claims.total, 0);
  const claimSupported = withClaims.reduce((sum, claims) => sum + claims.supported, 0);
  const durations = results.map((result) => result.durationMs);
  const cost = totalCost(results.map((result) => result.usage.costUsd));
  const tokens = results.reduce((sum, result) => sum + result.usage.totalTokens, 0);
  const figures = groupFigures(results);
  return {
    dataset: input.dataset,
    format: input.format,
    questions: input.questions,
    finished: results.length,
    accuracy: figures.accuracy,
    accuracyBy: judge && judge.graded > 0 ? 'judge' : 'em',
    em: figures.em,
    f1: figures.f1,
    precision: mean(results.map((result) => result.precision)),
    recall: mean(results.map((result) => result.recall)),
    judge,
    citations: {
      references,
      verified,
      verifiedShare: references === 0 ? 0 : verified / references,
      claims:
        withClaims.length > 0
          ? {
              total: claimTotal,
              supported: claimSupported,
              unsupported: withClaims.reduce((sum, claims) => sum + claims.unsupported, 0),
              supportedShare: claimTotal === 0 ? 0 : claimSupported / claimTotal,
            }
          : undefined,
    },
    status: countBy(results.map((result) => result.status)),
    stopReasons: countBy(results.map((result) => result.stopReason ?? 'none')),
    tokens: { total: tokens, mean: results.length === 0 ? 0 : tokens / results.length },
    costUsd: { total: cost, mean: cost === null || results.length === 0 ? null : cost / results.length },
    durationMs: {
      mean: mean(durations),
      median: quantile(durations, 0.5),
      p90: quantile(durations, 0.9),
      // A loop, not Math.max(...): spreading 100,000 values overflows the call stack.
      max: durations.reduce((largest, duration) => Math.max(largest, duration), 0),
    },
    byType: groupsBy(results, (result) => (result.types.length > 0 ? result.types : ['(none)'])).map(
      ([type, group]) => ({
        type,
        ...groupFigures(group),
      }),
    ),
    byLevel: groupsBy(results, (result) => (result.level ? [result.level] : [])).map(([level, group]) => ({
      level,
      ...groupFigures(group),
    })),
  };
}
