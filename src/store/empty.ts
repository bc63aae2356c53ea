import type { Usage } from '../research/types.js';
import type { RunMetrics } from './types.js';

/** Usage of a run that has not called a model yet. */
export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: 0 };
}

/** Metrics of a run that has not done anything yet. */
export function emptyMetrics(): RunMetrics {
  return { steps: 0, llmCalls: 0, failedLlmCalls: 0, answerAttempts: 0, warnings: 0, tools: {} };
}
