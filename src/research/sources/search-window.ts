import { FRESHNESS_RETRY_TIME_RANGE } from '../constants.js';
import { type InferredTimeRange, inferTimeRange } from './recency.js';
import { SEARCH_TIME_RANGES, type SearchTimeRange } from './time-range.js';

/** What the engine knows about a run's need for recent sources. */
export interface RecencyInput {
  question: string;
  /** Whether the evaluator's freshness check has rejected an answer of the run. */
  freshnessFailed: boolean;
  /** The run's clock: dates in the question count back from it. */
  now: Date;
}

/** The window a search runs in, and why the engine chose it when the planner did not. */
export interface SearchWindow {
  range: SearchTimeRange;
  /** Why the engine chose the window ("inferred from "this week""); undefined when the planner asked for it. */
  reason?: string;
}

/** The narrower of two inferred windows (the first when they are the same). */
function narrower(
  first: InferredTimeRange | undefined,
  second: InferredTimeRange | undefined,
): InferredTimeRange | undefined {
  if (!first || !second) return first ?? second;
  return SEARCH_TIME_RANGES.indexOf(second.range) < SEARCH_TIME_RANGES.indexOf(first.range) ? second : first;
}

/**
 * The window the run's sources should fall in, when it has one: the one its question's recency
 * words and dates ask for (`inferTimeRange`), else `FRESHNESS_RETRY_TIME_RANGE` once the
 * freshness check failed. Reranking prefers candidates dated within it, and the final evaluation
 * names the references dated before it.
 */
export function recencyWindow(input: RecencyInput): SearchWindow | undefined {
  const inferred = inferTimeRange(input.question, input.now);
  if (inferred) return { range: inferred.range, reason: `inferred from "${inferred.cue}" in the question` };
  if (input.freshnessFailed)
    return { range: FRESHNESS_RETRY_TIME_RANGE, reason: 'after a failed freshness check' };
  return undefined;
}

/**
 * The window of one search: the planner's when it asked for a valid one; else the narrowest its
 * sub-question's or the question's words and dates ask for; else, once the freshness check
 * failed, `FRESHNESS_RETRY_TIME_RANGE`; else none (a timeless question searches all dates).
 */
export function searchWindow(
  input: RecencyInput & { asked: unknown; subQuestion?: string | undefined },
): SearchWindow | undefined {
  const asked = SEARCH_TIME_RANGES.find((range) => range === input.asked);
  if (asked) return { range: asked };
  const own = input.subQuestion ? inferTimeRange(input.subQuestion, input.now) : undefined;
  const fromQuestion = inferTimeRange(input.question, input.now);
  const inferred = narrower(own, fromQuestion);
  const after = input.freshnessFailed ? ' after a failed freshness check' : '';
  if (inferred) {
    const where = inferred === own ? 'the sub-question' : 'the question';
    return { range: inferred.range, reason: `inferred from "${inferred.cue}" in ${where}${after}` };
  }
  return recencyWindow(input);
}
