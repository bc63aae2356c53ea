import type { StopReason } from './ending.js';

/** Why a run stopped, in a sentence for people, by stop reason. */
const STOP_MESSAGES: Record<StopReason, string> = {
  evaluation_passed: 'The answer passed evaluation.',
  direct_answer: 'The question was answered directly.',
  token_budget: 'The token budget is nearly used; the rest is reserved for the final answer.',
  max_steps: 'The step limit was reached.',
  time_limit: 'The time limit was reached.',
  repeated_failures: 'Too many steps failed in a row.',
  repeated_action: 'The model kept repeating earlier actions.',
  answer_attempts: 'Every allowed answer attempt was rejected by the evaluator.',
  check_failed: 'An evaluation check kept rejecting the answer.',
  unsupported_claims:
    'The budget ran out while too few of the answer’s sentences were supported by their sources.',
  stale_sources:
    'The research ended while the answer’s sources were dated outside the time the question asks about.',
  authentication: 'The model provider rejected the credentials.',
  model_unreachable: 'The model server could not be reached.',
  cancelled: 'The run was cancelled.',
  awaiting_input: 'The run is waiting for your input.',
  input_timeout: 'No answer came within the wait for input, so the run was cancelled.',
  error: 'The run failed.',
};

/** A sentence for people saying why the run stopped. */
export function describeStop(reason: StopReason): string {
  return STOP_MESSAGES[reason];
}
