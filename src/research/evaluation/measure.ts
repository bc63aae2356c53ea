import type {
  AnswerEvaluation,
  ClaimsSummary,
  ClaimVerdict,
  EvaluationScores,
  Reference,
} from '../../contract/index.js';
import { describeOneSided, oneSidedConflicts } from '../evidence/conflict-sides.js';
import { findConflicts } from '../evidence/conflicts.js';
import { type CoverageInput, coverageGap, isUnanswerable } from '../evidence/coverage.js';
import { meanCredibility } from '../evidence/source-credibility.js';
import { hostOf } from '../sources/hosts.js';

/** Items kept in each list of the evaluation, and characters of each item. */
export const MAX_ITEMS = 5;
export const MAX_ITEM_CHARS = 300;

/** The answer being evaluated. */
export interface EvaluatedAnswer {
  answer: string;
  references: readonly Reference[];
  claims: ClaimsSummary;
  /** Each sentence's verdict (absent for an answer assembled without them). */
  verdicts?: readonly ClaimVerdict[];
}

/** The weakness of an answer written without research. */
export const NO_SOURCE_WEAKNESS =
  'The answer was written directly from the model, without searching or citing any source; nothing in it was checked against a source.';

/** What can be counted about an answer without a model: the ceilings the model's scores obey. */
export interface MeasuredFacts {
  /** Share of factual sentences supported by their quotes (undefined when none were checked). */
  supportRate: number | undefined;
  /**
   * Share of sub-questions covered by (checked) findings or declared unanswerable, whatever the
   * checklist says when a cap ended the run (undefined without a plan).
   */
  coverage: number | undefined;
  /** References the answer cites. */
  references: number;
  /** The answer was written without research: no source at all. */
  direct: boolean;
  /** Distinct hosts among the references. */
  citedHosts: number;
  /** Mean credibility (0–1) of the cited web pages (undefined when none is a web page). */
  credibility: number | undefined;
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

/** Counts the facts the scores are bounded by; `direct` when the answer was written without research. */
export function measureAnswer(run: CoverageInput, answer: EvaluatedAnswer, direct = false): MeasuredFacts {
  // Findings are checked at extraction: a sub-question with one (or settled unanswerable) is covered.
  const covered = run.plan.subQuestions.filter(
    (item) => isUnanswerable(item) || coverageGap(run, item) === undefined,
  ).length;
  const checked = answer.claims.total - (answer.claims.unchecked?.length ?? 0);
  return {
    supportRate: checked > 0 ? share(answer.claims.supported, answer.claims.total) : undefined,
    coverage: direct ? undefined : share(covered, run.plan.subQuestions.length),
    references: answer.references.length,
    direct,
    citedHosts: new Set(answer.references.flatMap((reference) => hostOf(reference.url) ?? [])).size,
    credibility: meanCredibility(answer.references),
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
  if (facts.direct) return [NO_SOURCE_WEAKNESS, ...sides];
  if (facts.unanswered.length === 0) return sides;
  return [`Left unanswered: ${facts.unanswered.join(', ').slice(0, MAX_ITEM_CHARS)}.`, ...sides];
}

const toScore = (value: number) => Math.max(0, Math.min(10, Math.round(Number.isFinite(value) ? value : 0)));
/** Accuracy of an answer none of whose claims was checked: at most this. */
const UNCHECKED_ACCURACY = 2;
const ceilingOf = (rate: number | undefined) => (rate === undefined ? 10 : Math.floor(rate * 10 + 1e-9));
/**
 * Accuracy at most: the supported share ×10 (UNCHECKED_ACCURACY when nothing was checked), and
 * ONE_SIDED_ACCURACY when the answer hides a conflict.
 */
const accuracyCeiling = (facts: MeasuredFacts) =>
  Math.min(
    facts.supportRate === undefined ? UNCHECKED_ACCURACY : ceilingOf(facts.supportRate),
    facts.oneSided.length > 0 ? ONE_SIDED_ACCURACY : 10,
  );

/** Source quality at most: the cited pages' mean credibility ×10, rounded up (10 without web pages). */
const sourceQualityCeiling = (facts: MeasuredFacts) =>
  facts.credibility === undefined ? 10 : Math.ceil(facts.credibility * 10 - 1e-9);

/**
 * Bounds the model's scores by what was measured: accuracy never above the supported share ×10
 * (0–2 when no claim was checked; at most ONE_SIDED_ACCURACY for an answer stating one side of a
 * conflict), completeness never above the share of sub-questions covered, source quality 0 without
 * a reference and never above the cited pages' mean credibility ×10. A flattering evaluator cannot score an answer better than
 * its evidence.
 */
export function boundScores(scores: EvaluationScores, facts: MeasuredFacts): EvaluationScores {
  return {
    relevance: toScore(scores.relevance),
    accuracy: Math.min(toScore(scores.accuracy), accuracyCeiling(facts)),
    completeness: Math.min(toScore(scores.completeness), ceilingOf(facts.coverage)),
    sourceQuality:
      facts.references === 0 ? 0 : Math.min(toScore(scores.sourceQuality), sourceQualityCeiling(facts)),
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
      sourceQuality: Math.min(
        toScore(facts.citedHosts === 0 || facts.references === 0 ? 0 : hostScore),
        sourceQualityCeiling(facts),
      ),
    },
    strengths: [],
    weaknesses: [
      `The evaluator model could not grade the answer (${why}); the scores are measured: accuracy from supported claims, completeness from sub-questions answered, source quality from verified references, hosts and their credibility, relevance estimated from both.`,
      ...unansweredLine(facts),
    ],
    recommendations: [],
    method: 'measured',
  };
}
