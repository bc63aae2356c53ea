import type { EvaluationScores, ResultStatus, SourceConflict, SubQuestionOutcome } from './research.js';

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

/** One earlier run a run drew on: what its `memory` event and its result list. */
export interface MemoryUse {
  runId: string;
  question: string;
  /** ISO-8601 time the remembered run ended. */
  rememberedAt: string;
  /** Whole days between the remembered run and this one. */
  ageDays: number;
  /** Findings of it offered to the planner (those inside the question's time window). */
  findings: number;
  /** Findings left out as older than the question's time window. */
  staleFindings: number;
  /** True for the run named by `followUpOf`, included whatever its similarity. */
  followUp: boolean;
}
