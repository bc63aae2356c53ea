import {
  type ClaimsSummary,
  type ClaimVerdict,
  emptyFigures,
  foldRunEvent,
  isLive,
  type MemoryUse,
  type Reference,
  type ResearchEvent,
  type ResearchEventOf,
  type RunFigures,
  type RunStatus,
  type SourceConflict,
  type StopReason,
} from '../../../src/contract/index.js';
import { type ChartState, chartReducer, initialChartState } from './chart.js';
import { type EvaluationState, evaluationReducer, initialEvaluationState } from './evaluation.js';
import { initialPlanState, type PlanState, planReducer } from './plan.js';
import { clockElapsed, clockReducer, type RunClock } from './run-clock.js';
import { initialSourcesState, type SourcesState, sourcesReducer } from './sources.js';
import { initialTimelineState, type TimelineState, timelineReducer } from './timeline.js';

/** Everything the run page shows, folded from the run's events and nothing else. */
export interface RunViewState {
  runId?: string;
  question: string;
  options?: ResearchEventOf<'run-start'>['options'];
  /** `running` from the first event until run-end. */
  status: RunStatus;
  stopReason?: StopReason;
  /** The final answer, else the latest draft, else the report streamed so far. */
  answer: string;
  /** Whether `answer` is final (from run-end) rather than a draft. */
  answerIsFinal: boolean;
  references: Reference[];
  /** Attempt number of the draft shown as `answer`, when it is one. */
  answerAttempt?: number;
  /** The shown answer's support rate and unsupported claims, once its claims were checked. */
  claims?: ClaimsSummary;
  /** The shown answer's sentences and their verdicts (empty until checked). */
  claimVerdicts: ClaimVerdict[];
  /** Values the sources disagree on, from run-end (empty until then, or when they agree). */
  conflicts: SourceConflict[];
  /** Earlier runs whose findings the planner was given (the `memory` event); empty when none. */
  memories: MemoryUse[];
  /** Questions worth asking next, from run-end (empty until then). */
  followUps: string[];
  /** Report text streamed by report-delta events. */
  reportDraft: string;
  step: number;
  /** One line for people: what the run is doing now. */
  activity: string;
  tokensUsed: number;
  tokenBudget: number;
  error?: { code: string; message: string };
  /** Index of the last event folded in; events at or below it are ignored (dedupe on resume). */
  lastIndex: number;
  eventCount: number;
  chart: ChartState;
  timeline: TimelineState;
  plan: PlanState;
  sources: SourcesState;
  evaluation: EvaluationState;
  /** Tokens, cost, calls by role, time per tool: the shared fold of the run's events. */
  figures: RunFigures;
  /** The elapsed clock: set by run-start, stopped while the run waits for a person. */
  clock?: RunClock;
}

export const initialRunViewState: RunViewState = {
  question: '',
  status: 'queued',
  answer: '',
  answerIsFinal: false,
  references: [],
  claimVerdicts: [],
  conflicts: [],
  memories: [],
  followUps: [],
  reportDraft: '',
  step: 0,
  activity: 'waiting to start',
  tokensUsed: 0,
  tokenBudget: 0,
  lastIndex: -1,
  eventCount: 0,
  chart: initialChartState,
  timeline: initialTimelineState,
  plan: initialPlanState,
  sources: initialSourcesState,
  evaluation: initialEvaluationState,
  figures: emptyFigures(),
};

function describeInput(input: Record<string, unknown>): string {
  const queries = input.queries ?? input.query ?? input.urls ?? input.url;
  const value = Array.isArray(queries) ? queries.join(', ') : typeof queries === 'string' ? queries : '';
  return value.length > 80 ? `${value.slice(0, 79)}…` : value;
}

/** How the activity line names an answer: the final one once FINISH writes it, else its number. */
function answerName(state: RunViewState, attempt: number): string {
  return state.chart.active === 'finish' ? 'the final answer' : `answer #${attempt}`;
}

/** The headline fields: status, answer, activity line. */
function summaryReducer(state: RunViewState, event: ResearchEvent): RunViewState {
  switch (event.type) {
    case 'run-start':
      return {
        ...state,
        question: event.question,
        options: event.options,
        status: 'running',
        tokenBudget: event.options.tokenBudget,
        activity: 'planning',
      };
    case 'memory':
      return { ...state, memories: event.runs, activity: 'remembering earlier runs' };
    case 'plan':
      return { ...state, activity: 'planning sub-questions' };
    case 'input-request':
      return { ...state, status: 'needs_input', activity: 'waiting for your input' };
    case 'input-answer':
      return { ...state, status: 'running', activity: 'planning' };
    case 'step-start':
      return { ...state, tokensUsed: event.tokensUsed, tokenBudget: event.tokenBudget, activity: 'thinking' };
    case 'thought':
      return { ...state, activity: `decided to ${event.action}` };
    case 'tool-call':
      return { ...state, activity: `${event.tool}: ${describeInput(event.input)}` };
    case 'tool-result':
      return { ...state, activity: `${event.tool} ${event.ok ? 'done' : 'failed'}: ${event.summary}` };
    case 'answer-draft':
      return state.answerIsFinal
        ? state
        : {
            ...state,
            answer: event.answer,
            references: event.references,
            answerAttempt: event.attempt,
            claims: undefined,
            claimVerdicts: [],
            activity: `checking the claims of ${answerName(state, event.attempt)}`,
          };
    case 'verification': {
      // What the chart shows: the evaluator judges a checked draft next; a final answer is done.
      const activity =
        state.chart.active === 'finish'
          ? `checked the claims of ${answerName(state, event.attempt)}`
          : `evaluating answer #${event.attempt}`;
      return event.attempt === state.answerAttempt && !state.answerIsFinal
        ? { ...state, claims: event.summary, claimVerdicts: event.claims, activity }
        : { ...state, activity };
    }
    case 'evaluation':
      return { ...state, activity: `answer #${event.attempt} ${event.pass ? 'accepted' : 'rejected'}` };
    case 'finish-guard':
      return { ...state, activity: `writing final answer (${event.reason.replaceAll('_', ' ')})` };
    case 'report-delta':
      return { ...state, reportDraft: state.reportDraft + event.text, activity: 'writing report' };
    case 'usage':
      return { ...state, tokensUsed: Math.max(state.tokensUsed, event.total.totalTokens) };
    case 'run-error':
      return {
        ...state,
        error: { code: event.code, message: event.message },
        activity: `error: ${event.message}`,
      };
    case 'run-end': {
      // The final answer is one of the drafts: its verdicts come from that draft's verification.
      const draft = state.evaluation.attempts.findLast((attempt) => attempt.answer === event.answer);
      const final = event.answer !== '';
      return {
        ...state,
        status: event.status,
        stopReason: event.stopReason,
        answer: event.answer || state.answer,
        answerIsFinal: final,
        references: final ? event.references : state.references,
        answerAttempt: final ? draft?.attempt : state.answerAttempt,
        // Runs stored before claims were checked have no `claims` on their run-end.
        claims: final ? (event.claims ?? draft?.claims?.summary) : state.claims,
        claimVerdicts: final ? (draft?.claims?.verdicts ?? []) : state.claimVerdicts,
        conflicts: event.conflicts ?? [],
        memories: event.memories ?? state.memories,
        followUps: event.followUps ?? [],
        tokensUsed: event.usage.totalTokens,
        activity:
          event.stopReason === event.status
            ? `finished: ${event.status}`
            : `finished: ${event.status.replace('_', ' ')} (${event.stopReason.replaceAll('_', ' ')})`,
      };
    }
    default:
      return state;
  }
}

/**
 * Folds one event into the whole run view. Events whose index was already folded in are ignored,
 * so replaying a stream after a reconnect never duplicates anything. Pure.
 */
export function runReducer(state: RunViewState, event: ResearchEvent): RunViewState {
  if (event.index <= state.lastIndex) return state;
  const summary = summaryReducer(state, event);
  return {
    ...summary,
    runId: event.runId,
    step: Math.max(state.step, event.step),
    lastIndex: event.index,
    eventCount: state.eventCount + 1,
    chart: chartReducer(state.chart, event),
    timeline: timelineReducer(state.timeline, event),
    plan: planReducer(state.plan, event),
    sources: sourcesReducer(state.sources, event),
    evaluation: evaluationReducer(state.evaluation, event),
    figures: foldRunEvent(state.figures, event),
    clock: clockReducer(state.clock, event),
  };
}

/** Folds a batch of events, e.g. a stored run or a burst from the stream. */
export function foldEvents(state: RunViewState, events: readonly ResearchEvent[]): RunViewState {
  return events.reduce(runReducer, state);
}

/**
 * Share of the run's limits used (0–1): the largest of budget, steps and time, so the bar shows
 * how close the nearest cap is. A finished run is full.
 */
export function progressOf(state: RunViewState, nowMs: number = Date.now()): number {
  if (!isLive(state.status)) return 1;
  const options = state.options;
  if (!options) return 0;
  const budget = state.tokenBudget > 0 ? state.tokensUsed / state.tokenBudget : 0;
  const steps = options.maxSteps > 0 ? state.step / options.maxSteps : 0;
  const time = options.maxTimeSeconds > 0 ? elapsedOf(state, true, nowMs) / 1000 / options.maxTimeSeconds : 0;
  return Math.min(1, Math.max(0, budget, steps, time));
}

/**
 * How long the run has taken: its duration once it ended, the clock while it runs (stopped while
 * it waits for a person's input), else the time of its last event. The status line and the run
 * metrics show this one figure.
 */
export function elapsedOf(state: RunViewState, running: boolean, nowMs: number = Date.now()): number {
  const { figures, clock } = state;
  if (figures.durationMs !== undefined) return figures.durationMs;
  return clock && running ? clockElapsed(clock, nowMs) : figures.elapsedMs;
}

/** The run's cost so far: unknown (`null`) until a model call reports one, never a false $0 first. */
export function costOf(state: RunViewState): number | null {
  return state.figures.metrics.llmCalls === 0 ? null : state.figures.usage.costUsd;
}
