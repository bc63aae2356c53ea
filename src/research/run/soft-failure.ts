import { describeError } from '../../errors.js';
import { isLlmError } from '../../llm/index.js';
import { fatalModelFailure } from '../failures.js';
import type { StepContext } from './step-context.js';

/**
 * Handles the failure of a call the step can do without (an extraction, a judge or revision call, an
 * outline, a note): it becomes a `warning` saying `what` failed, and the step goes on without it.
 * Cancellation, the time limit and a model that can no longer answer are rethrown; so is the token
 * budget running out when `budget` is `'rethrow'` (work that only makes sense with budget left).
 * Returns the error as described, for callers that record it.
 */
export function softFailure(
  context: Pick<StepContext, 'signal' | 'emit'>,
  error: unknown,
  what: string,
  options: { budget?: 'rethrow' | 'warn' } = {},
): { code: string; message: string } {
  if (context.signal.aborted || fatalModelFailure(error)) throw error;
  if (isLlmError(error) && error.code === 'aborted') throw error;
  if (options.budget === 'rethrow' && isLlmError(error) && error.code === 'budget_exhausted') throw error;
  const described = describeError(error);
  context.emit({ type: 'warning', code: described.code, message: `${what} failed: ${described.message}` });
  return described;
}
