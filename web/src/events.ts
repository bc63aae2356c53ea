/**
 * The engine's event vocabulary, re-exported for the UI. Type-only: nothing from the engine is
 * bundled into the browser.
 */
export type {
  EvaluationCheck,
  ResearchEvent,
  ResearchEventOf,
  ResearchEventType,
  ToolName,
} from '../../src/research/events.js';
export type {
  ActionKind,
  Reference,
  RunStatus,
  StopReason,
  SubQuestion,
  Usage,
} from '../../src/research/types.js';

/** Status of a run as the server reports it: the engine's statuses plus the service's own. */
export type RunState =
  | 'queued'
  | 'running'
  | 'completed'
  | 'best_effort'
  | 'failed'
  | 'cancelled'
  | 'interrupted';

/** States a run does not leave by itself. */
export const FINAL_RUN_STATES: readonly RunState[] = [
  'completed',
  'best_effort',
  'failed',
  'cancelled',
  'interrupted',
];

/** Every event type, for EventSource listeners (SSE `event:` is the type). */
export const EVENT_TYPES = [
  'run-start',
  'plan',
  'step-start',
  'thought',
  'tool-call',
  'tool-result',
  'observation',
  'knowledge-add',
  'answer-draft',
  'evaluation',
  'finish-guard',
  'report-delta',
  'usage',
  'warning',
  'run-end',
  'run-error',
] as const satisfies readonly import('../../src/research/events.js').ResearchEventType[];
