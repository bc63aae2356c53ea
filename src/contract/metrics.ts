import type { EventBase, ResearchEventPayload, ToolName } from './events.js';
import type { ModelRole } from './model-roles.js';
import { addCost, emptyUsage, type Usage } from './usage.js';

/** Calls of one tool during a run. `calls` counts started calls; the rest count finished ones. */
export interface ToolMetrics {
  calls: number;
  succeeded: number;
  failed: number;
  /** Duration of each finished call, in milliseconds, in order. */
  durationsMs: number[];
}

/** Model calls of one role. */
export interface RoleMetrics {
  calls: number;
  failed: number;
  totalTokens: number;
  /** `null` when some call's price is unknown. */
  costUsd: number | null;
}

/** Calls to one model during a run, whatever role made them. */
export interface ModelMetrics {
  calls: number;
  /** Calls that failed (a call cancelled by a stop is not a failure). */
  failed: number;
  /** Calls it took in place of the role's own model, which failed or was cooling down. */
  fallbacks: number;
  /** Times it failed calls in a row and was skipped for a while (`model_cooldown` warnings). */
  cooldowns: number;
  totalTokens: number;
  /** `null` when some call's price is unknown. */
  costUsd: number | null;
  /** Duration of each call, in milliseconds, in order (calls of runs stored before had none). */
  durationsMs: number[];
}

/** Figures of one run, folded from its events; stored with the run and shown by the UI. */
export interface RunMetrics {
  steps: number;
  llmCalls: number;
  failedLlmCalls: number;
  answerAttempts: number;
  warnings: number;
  errors: number;
  roles: Partial<Record<ModelRole, RoleMetrics>>;
  /** By model id (`provider:model`). */
  models: Record<string, ModelMetrics>;
  tools: Partial<Record<ToolName, ToolMetrics>>;
}

/** Usage, metrics and timing of one run: what `foldRunEvent` builds up. */
export interface RunFigures {
  usage: Usage;
  metrics: RunMetrics;
  /** Time of the run-start event (ISO-8601), for a live elapsed clock. */
  startedAt?: string;
  /** Elapsed time the run last reported, in milliseconds. */
  elapsedMs: number;
  /** The run's own duration once it ended, in milliseconds. */
  durationMs?: number;
}

/** Metrics of a run that has not done anything yet. */
export function emptyMetrics(): RunMetrics {
  return {
    steps: 0,
    llmCalls: 0,
    failedLlmCalls: 0,
    answerAttempts: 0,
    warnings: 0,
    errors: 0,
    roles: {},
    models: {},
    tools: {},
  };
}

/** Figures of a run that has not done anything yet. */
export function emptyFigures(): RunFigures {
  return { usage: emptyUsage(), metrics: emptyMetrics(), elapsedMs: 0 };
}

/**
 * Metrics as stored by an earlier version (no `errors`, `roles` or per-tool `failed`), completed
 * with the fields it lacks so every reader sees one shape.
 */
export function completeMetrics(stored: Partial<RunMetrics> | undefined): RunMetrics {
  const metrics = { ...emptyMetrics(), ...stored, models: stored?.models ?? {} };
  const tools: RunMetrics['tools'] = {};
  for (const [name, tool] of Object.entries(metrics.tools) as [ToolName, Partial<ToolMetrics>][]) {
    const durationsMs = tool.durationsMs ?? [];
    const succeeded = tool.succeeded ?? 0;
    tools[name] = {
      calls: tool.calls ?? durationsMs.length,
      succeeded,
      failed: tool.failed ?? Math.max(0, durationsMs.length - succeeded),
      durationsMs,
    };
  }
  return { ...metrics, tools };
}

type FoldedEvent = Pick<EventBase, 'at' | 'step'> & ResearchEventPayload;

const NO_MODEL_CALLS: ModelMetrics = {
  calls: 0,
  failed: 0,
  fallbacks: 0,
  cooldowns: 0,
  totalTokens: 0,
  costUsd: 0,
  durationsMs: [],
};

function withModel(metrics: RunMetrics, model: string, change: (figures: ModelMetrics) => ModelMetrics) {
  const current = metrics.models[model] ?? NO_MODEL_CALLS;
  return { ...metrics, models: { ...metrics.models, [model]: change(current) } };
}

function withTool(metrics: RunMetrics, tool: ToolName, change: (figures: ToolMetrics) => ToolMetrics) {
  const current = metrics.tools[tool] ?? { calls: 0, succeeded: 0, failed: 0, durationsMs: [] };
  return { ...metrics, tools: { ...metrics.tools, [tool]: change(current) } };
}

/**
 * Folds one event into a run's figures: tokens, cost, calls by role, time per tool, failures. Pure
 * (returns new objects), so the web UI can use it as a reducer; the server folds the same way.
 */
export function foldRunEvent(figures: RunFigures, event: FoldedEvent): RunFigures {
  const metrics = { ...figures.metrics, steps: Math.max(figures.metrics.steps, event.step) };
  switch (event.type) {
    case 'run-start':
      return { ...figures, metrics, startedAt: event.at };
    case 'step-start':
      return { ...figures, metrics, elapsedMs: Math.max(figures.elapsedMs, event.elapsedMs) };
    case 'usage': {
      const role = metrics.roles[event.role] ?? { calls: 0, failed: 0, totalTokens: 0, costUsd: 0 };
      // A call cancelled by a stop is not a failed model call.
      const failed = event.ok || event.cancelled ? 0 : 1;
      const roles = {
        ...metrics.roles,
        [event.role]: {
          calls: role.calls + 1,
          failed: role.failed + failed,
          totalTokens: role.totalTokens + event.call.totalTokens,
          costUsd: addCost(role.costUsd, event.call.costUsd),
        },
      };
      const withCall = withModel(metrics, event.model, (model) => ({
        ...model,
        calls: model.calls + 1,
        failed: model.failed + failed,
        fallbacks: model.fallbacks + (event.fallback ? 1 : 0),
        totalTokens: model.totalTokens + event.call.totalTokens,
        costUsd: addCost(model.costUsd, event.call.costUsd),
        durationsMs:
          event.durationMs === undefined ? model.durationsMs : [...model.durationsMs, event.durationMs],
      }));
      return {
        ...figures,
        usage: { ...event.total },
        metrics: {
          ...withCall,
          roles,
          llmCalls: Math.max(metrics.llmCalls, event.llmCalls),
          failedLlmCalls: metrics.failedLlmCalls + failed,
        },
      };
    }
    case 'tool-call':
      return {
        ...figures,
        metrics: withTool(metrics, event.tool, (tool) => ({ ...tool, calls: tool.calls + 1 })),
      };
    case 'tool-result':
      return {
        ...figures,
        metrics: withTool(metrics, event.tool, (tool) => ({
          // A result whose call was not seen (older event logs) still counts as a call.
          calls: Math.max(tool.calls, tool.durationsMs.length + 1),
          succeeded: tool.succeeded + (event.ok ? 1 : 0),
          failed: tool.failed + (event.ok ? 0 : 1),
          durationsMs: [...tool.durationsMs, event.durationMs],
        })),
      };
    case 'answer-draft':
      return {
        ...figures,
        metrics: { ...metrics, answerAttempts: Math.max(metrics.answerAttempts, event.attempt) },
      };
    case 'warning': {
      const counted = { ...metrics, warnings: metrics.warnings + 1 };
      const { model } = event;
      if (event.code !== 'model_cooldown' || !model) return { ...figures, metrics: counted };
      return {
        ...figures,
        metrics: withModel(counted, model, (entry) => ({ ...entry, cooldowns: entry.cooldowns + 1 })),
      };
    }
    case 'run-error':
      return { ...figures, metrics: { ...metrics, errors: metrics.errors + 1 } };
    case 'run-end':
      return {
        ...figures,
        usage: { ...event.usage },
        metrics: {
          ...metrics,
          llmCalls: Math.max(metrics.llmCalls, event.llmCalls),
          steps: Math.max(metrics.steps, event.steps),
        },
        durationMs: event.durationMs,
        elapsedMs: event.durationMs,
      };
    default:
      return { ...figures, metrics };
  }
}

/** Figures rebuilt from a run's events, in order. */
export function foldRunEvents(events: Iterable<FoldedEvent>): RunFigures {
  let figures = emptyFigures();
  for (const event of events) figures = foldRunEvent(figures, event);
  return figures;
}

/** Sum of a tool's finished call durations, in milliseconds. */
export function totalDurationMs(tool: ToolMetrics): number {
  return tool.durationsMs.reduce((sum, duration) => sum + duration, 0);
}
