import type { ResearchEvent, ToolName, Usage } from '../events.js';

/** Calls of one tool during the run. */
export interface ToolFigures {
  calls: number;
  succeeded: number;
  failed: number;
  /** Sum of finished calls' durations, in milliseconds. */
  totalMs: number;
}

/** Model calls of one role. */
export interface RoleFigures {
  calls: number;
  failed: number;
  totalTokens: number;
  /** `null` when some call's price is unknown. */
  costUsd: number | null;
}

export interface MetricsState {
  usage: Usage;
  llmCalls: number;
  failedLlmCalls: number;
  roles: Record<string, RoleFigures>;
  tools: Partial<Record<ToolName, ToolFigures>>;
  warnings: number;
  errors: number;
  answerAttempts: number;
  /** Time of the run-start event (ISO), for a live elapsed clock. */
  startedAt?: string;
  /** Elapsed time reported by the run itself, in milliseconds. */
  elapsedMs: number;
  /** Set once the run ended: its own duration, in milliseconds. */
  durationMs?: number;
}

export const initialMetricsState: MetricsState = {
  usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: 0 },
  llmCalls: 0,
  failedLlmCalls: 0,
  roles: {},
  tools: {},
  warnings: 0,
  errors: 0,
  answerAttempts: 0,
  elapsedMs: 0,
};

const addCost = (total: number | null, cost: number | null) =>
  total === null || cost === null ? null : total + cost;

/** Folds one event into the run's figures: tokens, cost, time per tool, model calls, failures. Pure. */
export function metricsReducer(state: MetricsState, event: ResearchEvent): MetricsState {
  switch (event.type) {
    case 'run-start':
      return { ...state, startedAt: event.at };
    case 'step-start':
      return { ...state, elapsedMs: Math.max(state.elapsedMs, event.elapsedMs) };
    case 'usage': {
      const role = state.roles[event.role] ?? { calls: 0, failed: 0, totalTokens: 0, costUsd: 0 };
      const updatedRole: RoleFigures = {
        calls: role.calls + 1,
        failed: role.failed + (event.ok ? 0 : 1),
        totalTokens: role.totalTokens + event.call.totalTokens,
        costUsd: addCost(role.costUsd, event.call.costUsd),
      };
      return {
        ...state,
        usage: event.total,
        llmCalls: event.llmCalls,
        failedLlmCalls: state.failedLlmCalls + (event.ok ? 0 : 1),
        roles: { ...state.roles, [event.role]: updatedRole },
      };
    }
    case 'tool-call': {
      const tool = state.tools[event.tool] ?? { calls: 0, succeeded: 0, failed: 0, totalMs: 0 };
      return { ...state, tools: { ...state.tools, [event.tool]: { ...tool, calls: tool.calls + 1 } } };
    }
    case 'tool-result': {
      const tool = state.tools[event.tool] ?? { calls: 1, succeeded: 0, failed: 0, totalMs: 0 };
      const updated: ToolFigures = {
        calls: tool.calls,
        succeeded: tool.succeeded + (event.ok ? 1 : 0),
        failed: tool.failed + (event.ok ? 0 : 1),
        totalMs: tool.totalMs + event.durationMs,
      };
      return { ...state, tools: { ...state.tools, [event.tool]: updated } };
    }
    case 'answer-draft':
      return { ...state, answerAttempts: Math.max(state.answerAttempts, event.attempt) };
    case 'warning':
      return { ...state, warnings: state.warnings + 1 };
    case 'run-error':
      return { ...state, errors: state.errors + 1 };
    case 'run-end':
      return {
        ...state,
        usage: event.usage,
        llmCalls: event.llmCalls,
        durationMs: event.durationMs,
        elapsedMs: event.durationMs,
      };
    default:
      return state;
  }
}
