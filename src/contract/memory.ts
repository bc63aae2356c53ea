import type { SourceConflict } from './conflicts.js';
import type { ResearchResult, ResultStatus } from './ending.js';
import type { EvaluationScores } from './evaluation.js';
import type { ResearchEvent } from './events.js';
import type { Finding } from './findings.js';
import type { MemoryUse } from './memory-use.js';
import type { SubQuestionOutcome } from './plan.js';

/** A finding of an earlier run as it is remembered: its claim, its quotes and where they came from. */
export interface RememberedFinding {
  claim: string;
  /** The verbatim quotes that supported it in that run (text only: locations change when a page does). */
  quotes: string[];
  url: string;
  title: string;
  /** Date of the source or statement (ISO-8601 or as the page gave it), when known. */
  publishedAt?: string;
  /** Text of the sub-question it answered. */
  subQuestion?: string;
}

/** A page an earlier run read. */
export interface RememberedSource {
  url: string;
  title: string;
  /** ISO-8601 time the page was fetched. */
  fetchedAt: string;
}

/**
 * What a finished run leaves behind for later runs: its question, its sub-questions and where they
 * stood, its findings with their quotes, its sources, the answer, its support and scores, and the
 * conflicts it found. Everything in it came from the web or a model: it is untrusted text.
 */
export interface RunMemory {
  runId: string;
  question: string;
  /** ISO-8601 time the run ended: what a memory's age is counted from. */
  createdAt: string;
  status: ResultStatus;
  /** Who made the run (an id of their auth token, never the token); absent without auth. */
  owner?: string;
  subQuestions: Pick<SubQuestionOutcome, 'text' | 'outcome' | 'note'>[];
  findings: RememberedFinding[];
  sources: RememberedSource[];
  answer: string;
  /** Factual sentences of the answer, and how many of them their quotes supported. */
  support: { total: number; supported: number };
  scores?: EvaluationScores;
  conflicts: SourceConflict[];
}

export type { MemoryUse };

/** Memories a run's similar ones are chosen from: the newest of those it may use. */
export const MEMORY_CANDIDATES = 200;

/** What a run's memory is made of: its result and its events (findings and pages read). */
export interface MemoryInput {
  result: ResearchResult;
  events: readonly ResearchEvent[];
  /** ISO-8601 time the run ended. */
  endedAt: string;
  /** See `RunMemory.owner`. */
  owner?: string;
}

/** Whether a run ended with something worth remembering: an answer a finished run stands behind. */
export function isMemorable(result: ResearchResult): boolean {
  return (result.status === 'completed' || result.status === 'best_effort') && result.answer.trim() !== '';
}

/**
 * The memory of a finished run: its question, sub-questions with their outcomes, the findings its
 * `finding` events recorded (quotes as text), the pages its tool results read, the answer, its
 * support and scores, and its conflicts.
 */
export function memoryOfRun(input: MemoryInput): RunMemory {
  const { result } = input;
  const subQuestions = result.subQuestions ?? [];
  const textOf = new Map(subQuestions.map((item) => [item.id, item.text]));
  const findings: Finding[] = [];
  const sources = new Map<string, RememberedSource>();
  for (const event of input.events) {
    if (event.type === 'finding') findings.push(event.finding);
    if (event.type === 'tool-result') {
      for (const source of event.sources ?? []) {
        const key = source.url;
        if (!sources.has(key))
          sources.set(key, { url: source.url, title: source.title, fetchedAt: source.fetchedAt });
      }
    }
  }
  return {
    runId: result.runId,
    question: result.question,
    createdAt: input.endedAt,
    status: result.status,
    owner: input.owner,
    subQuestions: subQuestions.map((item) => ({
      text: item.text,
      outcome: item.outcome,
      ...(item.note ? { note: item.note } : {}),
    })),
    findings: findings.map((finding) => {
      const subQuestion = textOf.get(finding.subQuestionId);
      return {
        claim: finding.claim,
        quotes: finding.quotes.map((quote) => quote.text),
        url: finding.source.url,
        title: finding.source.title,
        ...(finding.publishedAt ? { publishedAt: finding.publishedAt } : {}),
        ...(subQuestion ? { subQuestion } : {}),
      };
    }),
    sources: [...sources.values()],
    answer: result.answer,
    support: { total: result.claims.total, supported: result.claims.supported },
    ...(result.evaluation ? { scores: result.evaluation.scores } : {}),
    conflicts: result.conflicts ?? [],
  };
}
