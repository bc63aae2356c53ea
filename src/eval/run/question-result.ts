import type { ResearchResult, StopReason, Usage } from '../../contract/index.js';
import type { RunRecord } from '../../store/index.js';
import { scoreAnswer } from '../scoring/answer-metrics.js';
import type { JudgeOutcome } from '../scoring/judge.js';
import { predictionFromAnswer } from '../scoring/prediction-text.js';
import type { EvalQuestion } from '../types.js';

/** Citation figures of one run. */
export interface CitationFigures {
  /** References in the answer. */
  references: number;
  /** References whose quote was found in the stored source. */
  verified: number;
  /** Claim checks, when the engine reports them. */
  claims?: { total: number; supported: number; unsupported: number };
}

/** One line of `results.jsonl`: a finished question with its run, scores and figures. */
export interface QuestionResult {
  id: string;
  question: string;
  /** The gold answer and accepted aliases. */
  gold: string;
  aliases: string[];
  types: string[];
  level?: string;
  /** The stored run (open it in the web UI). */
  runId: string;
  /** Final state of the run: completed, best_effort, failed or cancelled. */
  status: string;
  stopReason?: StopReason;
  /** The run's answer as markdown. */
  answer: string;
  /** What was scored: the answer without citation markers and markup. */
  prediction: string;
  /** Exact match (0 or 1) and token F1, precision and recall, best over the gold answer and aliases. */
  em: number;
  f1: number;
  precision: number;
  recall: number;
  judge?: JudgeOutcome;
  citations: CitationFigures;
  /** Tokens and cost of the research run (the judge's are in `judge.usage`). */
  usage: Usage;
  llmCalls: number;
  steps: number;
  durationMs: number;
  error?: { code: string; message: string };
  /** ISO-8601 time the line was written. */
  finishedAt: string;
}

/** The claim checks of a run; none for a run stored before claims were checked, or with no claim. */
function claimsOf(result: ResearchResult | undefined): CitationFigures['claims'] {
  // Results stored by older versions have no `claims`.
  const claims = result?.claims as ResearchResult['claims'] | undefined;
  if (!claims || claims.total === 0) return undefined;
  return { total: claims.total, supported: claims.supported, unsupported: claims.unsupported.length };
}

/** Figures of a run's references (and claims, when present). */
export function citationFigures(result: ResearchResult | undefined): CitationFigures {
  const references = result?.references ?? [];
  const claims = claimsOf(result);
  return {
    references: references.length,
    verified: references.filter((reference) => reference.verified).length,
    claims,
  };
}

/** Whether a result counts as right: the judge's grade when there is one, else exact match. */
export function isCorrect(result: Pick<QuestionResult, 'judge' | 'em'>): boolean {
  return result.judge?.grade !== undefined ? result.judge.grade === 'correct' : result.em === 1;
}

/** Scores a finished run of a question into its results line. */
export function questionResult(input: {
  question: EvalQuestion;
  record: RunRecord;
  judge?: JudgeOutcome;
  now?: Date;
}): QuestionResult {
  const { question, record } = input;
  const result = record.result;
  const answer = result?.answer ?? '';
  const prediction = predictionFromAnswer(answer);
  const scores = scoreAnswer(prediction, [question.answer, ...question.aliases]);
  const started = record.startedAt ? Date.parse(record.startedAt) : Number.NaN;
  const ended = record.endedAt ? Date.parse(record.endedAt) : Number.NaN;
  const error = result?.error ?? record.error;
  return {
    id: question.id,
    question: question.question,
    gold: question.answer,
    aliases: question.aliases,
    types: question.types,
    level: question.level || undefined,
    runId: record.id,
    status: result?.status ?? record.status,
    stopReason: result?.stopReason,
    answer,
    prediction,
    ...scores,
    judge: input.judge,
    citations: citationFigures(result),
    usage: result?.usage ?? record.usage,
    llmCalls: result?.llmCalls ?? record.metrics.llmCalls,
    steps: result?.steps ?? record.metrics.steps,
    durationMs: result?.durationMs ?? (Number.isFinite(ended - started) ? ended - started : 0),
    error,
    finishedAt: (input.now ?? new Date()).toISOString(),
  };
}
