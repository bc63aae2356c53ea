import type { ResearchEvent } from '../research/events.js';
import type { Usage } from '../research/types.js';
import { emptyMetrics, emptyUsage, type RunMetrics } from '../store/index.js';

/** Metrics and usage of one run, built up event by event. */
export interface RunFigures {
  metrics: RunMetrics;
  usage: Usage;
}

/** Folds one event into a run's figures (mutates and returns them). */
export function addEventToFigures(figures: RunFigures, event: ResearchEvent): RunFigures {
  const { metrics } = figures;
  metrics.steps = Math.max(metrics.steps, event.step);
  if (event.type === 'usage') {
    metrics.llmCalls = Math.max(metrics.llmCalls, event.llmCalls);
    if (!event.ok) metrics.failedLlmCalls += 1;
    figures.usage = { ...event.total };
  } else if (event.type === 'tool-result') {
    const tool = metrics.tools[event.tool] ?? { calls: 0, succeeded: 0, durationsMs: [] };
    tool.calls += 1;
    if (event.ok) tool.succeeded += 1;
    tool.durationsMs.push(event.durationMs);
    metrics.tools[event.tool] = tool;
  } else if (event.type === 'answer-draft') {
    metrics.answerAttempts = Math.max(metrics.answerAttempts, event.attempt);
  } else if (event.type === 'warning') {
    metrics.warnings += 1;
  } else if (event.type === 'run-end') {
    figures.usage = { ...event.usage };
    metrics.llmCalls = Math.max(metrics.llmCalls, event.llmCalls);
    metrics.steps = Math.max(metrics.steps, event.steps);
  }
  return figures;
}

/** Figures of a run rebuilt from its stored events (after a crash). */
export function figuresFromEvents(events: readonly ResearchEvent[]): RunFigures {
  const figures: RunFigures = { metrics: emptyMetrics(), usage: emptyUsage() };
  for (const event of events) addEventToFigures(figures, event);
  return figures;
}
