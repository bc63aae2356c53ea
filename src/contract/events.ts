import type { ActionKind } from './actions.js';
import type { ClaimsSummary, ClaimVerdict } from './claims.js';
import type { QueryIntent } from './credibility.js';
import type { RunEnding, StopReason } from './ending.js';
import type { EvaluationCheck, StepAnalysisNote } from './evaluation.js';
import type { Finding, KnowledgeItem } from './findings.js';
import type { SourceImage } from './images.js';
import type { InputAnswer, InputRequest } from './input.js';
import type { MemoryUse } from './memory-use.js';
import type { ModelRole } from './model-roles.js';
import type { Perspective, SubQuestion } from './plan.js';
import type { Reference } from './references.js';
import type { Usage } from './usage.js';

/**
 * Fields every event carries. `index` is monotonic per run starting at 0 (the SSE `id:`);
 * `at` is an ISO-8601 time; `step` is the loop step (0 before the loop starts).
 */
export interface EventBase {
  runId: string;
  index: number;
  at: string;
  step: number;
  /**
   * The sub-researcher whose step this event belongs to: the id of the sub-question it researches
   * (`q2`), or `lead` for the planner's own steps. Absent outside the loop and in runs without
   * sub-researchers (`breadth` 1 with the `agent` strategy).
   */
  subResearcher?: string;
}

/**
 * Tools the engine runs, as they appear in tool-call / tool-result events and metrics: the web's
 * (search, read, deep-read), a local corpus's, and the compute sandbox's.
 */
export const TOOL_NAMES = [
  'search',
  'read',
  'deep-read',
  'search_corpus',
  'read_file',
  'resolve_symbol',
  'read_map',
  'compute',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** A page a run read, as its `tool-result` event carries it and the run store keeps it. */
export interface RunSource {
  /** The URL asked for. */
  url: string;
  /** The URL after redirects. */
  finalUrl: string;
  title: string;
  /** sha256 hex of the page's text: which version of the page the run's quotes were checked against. */
  contentHash: string;
  /** ISO-8601 time of the fetch (earlier than the run for a cached page). */
  fetchedAt: string;
  /**
   * A full-page screenshot of the page, taken by the browser (`--browser`) on this read, is stored
   * with the run: `GET /api/runs/:id/sources/:n/screenshot`, `n` its 1-based place in the run's sources.
   */
  screenshot?: boolean;
  /** Images of the page's main content (alt text and address, never fetched); absent when it has none. */
  images?: SourceImage[];
}

export type ResearchEventPayload =
  | {
      type: 'run-start';
      question: string;
      /** Safe summary of options: never a key. */
      options: {
        model: string;
        search: string[];
        tokenBudget: number;
        maxSteps: number;
        maxTimeSeconds: number;
        report: boolean;
        /** Local corpora the run researches: folder names (CLI) or registered ids (server); none for the web only. */
        corpora?: string[];
      };
    }
  /**
   * The checklist whenever it changes: every sub-question, and the perspectives they belong to
   * (absent in runs stored by earlier versions).
   */
  | {
      type: 'plan';
      subQuestions: SubQuestion[];
      perspectives?: Perspective[];
      /** What the question wants of its sources (absent in runs stored by earlier versions). */
      intent?: QueryIntent;
    }
  | { type: 'step-start'; tokensUsed: number; tokenBudget: number; elapsedMs: number }
  /**
   * A step finished: everything it did (its tool results, findings, drafts) was emitted before this.
   * A step with a `step-start` and no `step-end` was cut off (the process died) and runs again on
   * resume, as if it had never started. `tokensUsed` is the run's total when the step ended.
   */
  | {
      type: 'step-end';
      tokensUsed: number;
      elapsedMs: number;
      /** The step ended the research: an accepted answer, or why it stopped (a resumed run goes on to its answer). */
      endsLoop?: { stopReason: StopReason; accepted: boolean; detail?: string };
    }
  | { type: 'thought'; action: ActionKind; text: string }
  | { type: 'tool-call'; callId: string; tool: ToolName; input: Record<string, unknown> }
  | {
      type: 'tool-result';
      callId: string;
      tool: ToolName;
      ok: boolean;
      durationMs: number;
      /** One line for people: "8 results", "read 3,120 words". */
      summary: string;
      error?: { code: string; message: string };
      /** Small structured output, e.g. result URLs and titles; never whole pages. */
      output?: Record<string, unknown>;
      /** Pages this call read (read, deep-read): what the run's store records as its sources. */
      sources?: RunSource[];
    }
  | {
      type: 'observation';
      text: string;
      /** Set on the observation of a step analysis: the note itself, restored on resume. */
      stepAnalysis?: StepAnalysisNote;
    }
  | { type: 'knowledge-add'; item: KnowledgeItem }
  /**
   * The earlier runs whose findings the planner was given as prior knowledge (never cited until
   * their source is read again in this run); emitted once, before the plan, when any were used.
   */
  | { type: 'memory'; runs: MemoryUse[] }
  /** A finding whose quotes were found in its source; the run's evidence, rebuilt from these on resume. */
  | { type: 'finding'; finding: Finding }
  | { type: 'answer-draft'; attempt: number; answer: string; references: Reference[] }
  /**
   * The sentences of a written answer checked against their quotes (after one revision), for the
   * draft of the same `attempt`. The report written after an accepted answer has its own attempt.
   */
  | { type: 'verification'; attempt: number; claims: ClaimVerdict[]; summary: ClaimsSummary }
  | {
      type: 'evaluation';
      attempt: number;
      pass: boolean;
      checks: { type: EvaluationCheck; pass: boolean; reason: string }[];
    }
  | { type: 'finish-guard'; reason: StopReason; message: string }
  | { type: 'report-delta'; text: string }
  | {
      type: 'usage';
      role: ModelRole;
      model: string;
      ok: boolean;
      /** The call was cancelled (the run was stopped): not a failure of the model. */
      cancelled?: boolean;
      call: Usage;
      /** Running totals for the run. */
      total: Usage;
      llmCalls: number;
      /** How long the call took, in milliseconds (absent in runs stored by earlier versions). */
      durationMs?: number;
      /** The call went to a fallback model in place of the role's own (it failed or was cooling down). */
      fallback?: boolean;
    }
  | {
      type: 'warning';
      code: string;
      message: string;
      /** The model concerned, for model warnings (`model_cooldown`). */
      model?: string;
    }
  /**
   * The run waits for a person: answers to clarifying questions or a plan review. `elapsedMs` is
   * the run's time so far, which it continues from once answered (the wait is not counted).
   */
  | { type: 'input-request'; request: InputRequest; elapsedMs: number }
  /** The person's input to the last `input-request`, as given (validated). */
  | { type: 'input-answer'; answer: InputAnswer }
  | ({ type: 'run-end' } & RunEnding)
  | { type: 'run-error'; code: string; message: string };

export type ResearchEvent = EventBase & ResearchEventPayload;
export type ResearchEventType = ResearchEvent['type'];
export type ResearchEventOf<T extends ResearchEventType> = Extract<ResearchEvent, { type: T }>;

/** Every event type, in the order a run usually emits them (SSE `event:` is the type). */
export const EVENT_TYPES = [
  'run-start',
  'plan',
  'step-start',
  'thought',
  'tool-call',
  'tool-result',
  'observation',
  'knowledge-add',
  'memory',
  'finding',
  'step-end',
  'answer-draft',
  'verification',
  'evaluation',
  'finish-guard',
  'report-delta',
  'usage',
  'warning',
  'input-request',
  'input-answer',
  'run-end',
  'run-error',
] as const satisfies readonly ResearchEventType[];
