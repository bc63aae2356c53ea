import type { AnswerEvaluation, ClaimsSummary, EvaluationScores, Reference } from '../../contract/index.js';
import { describeOneSided, oneSidedConflicts } from '../evidence/conflict-sides.js';
import { findConflicts } from '../evidence/conflicts.js';
import { type CoverageInput, coverageGap } from '../evidence/coverage.js';
import { hostOf } from '../sources/hosts.js';

/** Items kept in each list of the evaluation, and characters of each item. */
export const MAX_ITEMS = 5;
export const MAX_ITEM_CHARS = 300;

/** The answer being evaluated. */
export interface EvaluatedAnswer {
  answer: string;
  references: readonly Reference[];
  claims: ClaimsSummary;
}

/** What can be counted about an answer without a model: the ceilings the model's scores obey. */
export interface MeasuredFacts {
  /** Share of factual sentences supported by their quotes (undefined when none were checked). */
  supportRate: number | undefined;
  /** Share of sub-questions closed by a finding or declared unanswerable (undefined without a plan). */
  coverage: number | undefined;
  /** Distinct hosts among the references. */
  citedHosts: number;
  /** Share of references whose quote was verified (undefined without references). */
  verifiedRate: number | undefined;
  /** Sub-questions left open without coverage (`q3 "…" (no finding)`): what the answer could not answer. */
  unanswered: string[];
  /**
   * Conflicts between the findings that the answer states one value of and not the others, one
   * sentence each (see `oneSidedConflicts`): the answer hides that the sources differ.
   */
  oneSided: string[];
}

/** Accuracy at most, for an answer that states one side of a conflict between its sources. */
export const ONE_SIDED_ACCURACY = 4;

function share(part: number, whole: number): number | undefined {
  return whole > 0 ? part / whole : undefined;
}

/** Counts the facts the scores are bounded by. */
export function measureAnswer(run: CoverageInput, answer: EvaluatedAnswer): MeasuredFacts {
  const open = run.plan.subQuestions.filter((item) => item.status === 'open').length;
  return {
    supportRate: share(answer.claims.supported, answer.claims.total),
    coverage: share(run.plan.subQuestions.length - open, run.plan.subQuestions.length),
    citedHosts: new Set(answer.references.flatMap((reference) => hostOf(reference.url) ?? [])).size,
    verifiedRate: share(
      answer.references.filter((reference) => reference.verified).length,
      answer.references.length,
    ),
    unanswered: run.plan.subQuestions.flatMap((item) => {
      const gap = item.status === 'open' ? coverageGap(run, item) : undefined;
      return gap ? [`${item.id} "${item.text}" (${gap})`] : [];
    }),
    oneSided: oneSidedConflicts(answer.answer, findConflicts(run.evidence.findings.all)).map(
      describeOneSided,
    ),
  };
}

/**
 * The weaknesses measured without a model: the sub-questions left unanswered, and each conflict
 * the answer states one side of.
 */
export function unansweredLine(facts: MeasuredFacts): string[] {
  const sides = facts.oneSided.map((line) => line.slice(0, MAX_ITEM_CHARS));
  if (facts.unanswered.length === 0) return sides;
  return [`Left unanswered: ${facts.unanswered.join(', ').slice(0, MAX_ITEM_CHARS)}.`, ...sides];
}

const toScore = (value: number) => Math.max(0, Math.min(10, Math.round(Number.isFinite(value) ? value : 0)));
const ceilingOf = (rate: number | undefined) => (rate === undefined ? 10 : Math.ceil(rate * 10));

/** Accuracy at most: the support rate, and ONE_SIDED_ACCURACY when the answer hides a conflict. */
const accuracyCeiling = (facts: MeasuredFacts) =>
  Math.min(ceilingOf(facts.supportRate), facts.oneSided.length > 0 ? ONE_SIDED_ACCURACY : 10);

/**
 * Bounds the model's scores by what was measured: accuracy never above the support rate (nor
 * above ONE_SIDED_ACCURACY for an answer stating one side of a conflict), completeness never above
 * the share of sub-questions answered. A flattering evaluator cannot score an answer better than
 * its evidence.
 */
export function boundScores(scores: EvaluationScores, facts: MeasuredFacts): EvaluationScores {
  return {
    relevance: toScore(scores.relevance),
    accuracy: Math.min(toScore(scores.accuracy), accuracyCeiling(facts)),
    completeness: Math.min(toScore(scores.completeness), ceilingOf(facts.coverage)),
    sourceQuality: toScore(scores.sourceQuality),
  };
}

/** Scores from the measured facts alone, for when the evaluator model cannot be called. */
export function measuredEvaluation(facts: MeasuredFacts, why: string): AnswerEvaluation {
  const accuracy = accuracyCeiling(facts);
  const completeness = ceilingOf(facts.coverage);
  const hostScore = Math.min(10, 4 + 2 * facts.citedHosts) * (facts.verifiedRate ?? 0);
  return {
    scores: {
      relevance: toScore((accuracy + completeness) / 2),
      accuracy,
      completeness,
      sourceQuality: toScore(facts.citedHosts === 0 ? 0 : hostScore),
    },
    strengths: [],
    weaknesses: [
      `The evaluator model could not grade the answer (${why}); the scores are measured: accuracy from supported claims, completeness from sub-questions answered, source quality from verified references and hosts, relevance estimated from both.`,
      ...unansweredLine(facts),
    ],
    recommendations: [],
    method: 'measured',
  };
}
