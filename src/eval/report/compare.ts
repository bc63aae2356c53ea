import { plural } from '../../shared/index.js';
import { BOOTSTRAP_RESAMPLES } from '../constants.js';
import { isCorrect, type QuestionResult } from '../run/question-result.js';
import { type PairedDifference, pairedBootstrap } from './bootstrap.js';
import { dollars, markdownTable, percent, score, seconds } from './format-figures.js';
import { mean } from './statistics.js';

/** Figures of one side of a comparison, over the questions both sides finished. */
export interface SideFigures {
  folder: string;
  /** Result lines in the folder. */
  results: number;
  accuracy: number;
  em: number;
  f1: number;
  costUsd: number | null;
  durationMs: number;
}

/** One question of both folders. */
export interface PairedQuestion {
  id: string;
  question: string;
  a: { correct: boolean; em: number; f1: number; status: string };
  b: { correct: boolean; em: number; f1: number; status: string };
}

/** What `eval compare --json` prints. Differences are b − a with a paired bootstrap interval. */
export interface Comparison {
  a: SideFigures;
  b: SideFigures;
  /** Questions both folders finished; figures and differences are over these. */
  paired: number;
  onlyA: string[];
  onlyB: string[];
  differences: { accuracy: PairedDifference; em: PairedDifference; f1: PairedDifference };
  bootstrap: { resamples: number; seed: number; level: number };
  questions: PairedQuestion[];
}

function side(folder: string, all: number, results: readonly QuestionResult[]): SideFigures {
  const costs = results.map((result) => result.usage.costUsd);
  return {
    folder,
    results: all,
    accuracy: mean(results.map((result) => (isCorrect(result) ? 1 : 0))),
    em: mean(results.map((result) => result.em)),
    f1: mean(results.map((result) => result.f1)),
    costUsd: costs.some((cost) => cost === null) ? null : mean(costs as number[]),
    durationMs: mean(results.map((result) => result.durationMs)),
  };
}

/** Puts two evaluations side by side over the questions both finished. */
export function compareResults(input: {
  a: { folder: string; results: readonly QuestionResult[] };
  b: { folder: string; results: readonly QuestionResult[] };
  seed?: number;
  resamples?: number;
}): Comparison {
  const seed = input.seed ?? 0;
  const resamples = input.resamples ?? BOOTSTRAP_RESAMPLES;
  const byIdB = new Map(input.b.results.map((result) => [result.id, result]));
  const idsA = new Set(input.a.results.map((result) => result.id));
  const pairs = input.a.results.flatMap((a) => {
    const b = byIdB.get(a.id);
    return b ? [{ a, b }] : [];
  });
  const view = (result: QuestionResult) => ({
    correct: isCorrect(result),
    em: result.em,
    f1: result.f1,
    status: result.status,
  });
  const difference = (metric: (result: QuestionResult) => number) =>
    pairedBootstrap(
      pairs.map((pair) => ({ a: metric(pair.a), b: metric(pair.b) })),
      { seed, resamples },
    );
  return {
    a: side(
      input.a.folder,
      input.a.results.length,
      pairs.map((pair) => pair.a),
    ),
    b: side(
      input.b.folder,
      input.b.results.length,
      pairs.map((pair) => pair.b),
    ),
    paired: pairs.length,
    onlyA: input.a.results.filter((result) => !byIdB.has(result.id)).map((result) => result.id),
    onlyB: input.b.results.filter((result) => !idsA.has(result.id)).map((result) => result.id),
    differences: {
      accuracy: difference((result) => (isCorrect(result) ? 1 : 0)),
      em: difference((result) => result.em),
      f1: difference((result) => result.f1),
    },
    bootstrap: { resamples, seed, level: 0.95 },
    questions: pairs.map(({ a, b }) => ({ id: a.id, question: a.question, a: view(a), b: view(b) })),
  };
}

const signed = (value: number, format: (value: number) => string) =>
  `${value >= 0 ? '+' : '−'}${format(Math.abs(value))}`;

/** The comparison as markdown: overall figures with intervals, then each question. */
export function comparisonMarkdown(comparison: Comparison): string {
  const { a, b, differences } = comparison;
  const interval = (difference: PairedDifference, format: (value: number) => string) =>
    `${signed(difference.low, format)} to ${signed(difference.high, format)}`;
  const overall = markdownTable(
    ['', 'A', 'B', 'B − A', '95% interval'],
    [
      [
        'accuracy',
        percent(a.accuracy),
        percent(b.accuracy),
        signed(differences.accuracy.difference, percent),
        interval(differences.accuracy, percent),
      ],
      [
        'exact match',
        score(a.em),
        score(b.em),
        signed(differences.em.difference, score),
        interval(differences.em, score),
      ],
      [
        'F1',
        score(a.f1),
        score(b.f1),
        signed(differences.f1.difference, score),
        interval(differences.f1, score),
      ],
      ['cost a question', dollars(a.costUsd), dollars(b.costUsd), '', ''],
      ['duration a question', seconds(a.durationMs), seconds(b.durationMs), '', ''],
    ],
  );
  const mark = (view: PairedQuestion['a']) =>
    `${view.correct ? '✓' : '✗'} EM ${view.em} F1 ${score(view.f1)}${view.status === 'completed' ? '' : ` (${view.status})`}`;
  const perQuestion = markdownTable(
    ['id', 'question', 'A', 'B'],
    comparison.questions.map((question) => [
      question.id,
      question.question.slice(0, 80),
      mark(question.a),
      mark(question.b),
    ]),
  );
  const notes = [
    `A: ${a.folder} (${plural(a.results, 'result')}) · B: ${b.folder} (${plural(b.results, 'result')}) · ${plural(comparison.paired, 'question')} in both.`,
    ...(comparison.onlyA.length + comparison.onlyB.length > 0
      ? [`Left out: ${comparison.onlyA.length} only in A, ${comparison.onlyB.length} only in B.`]
      : []),
    `Intervals: paired bootstrap, ${comparison.bootstrap.resamples} resamples, seed ${comparison.bootstrap.seed}.`,
  ];
  return `## Comparison\n\n${notes.join('\n')}\n\n${overall}\n\n### Per question\n\n${perQuestion}\n`;
}
