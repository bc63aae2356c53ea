import { DeepResearchError } from '../errors.js';

/**
 * Why a program did not produce an output (or one that counts). The program's own faults
 * (`syntax`, `program_error`, `no_output`, `ignores_inputs`: the output does not change with its
 * inputs; `wrong_output`: it is not what its stated operation gives on its inputs;
 * `breaks_relation`: on changed inputs it does not change as its operation does) are the user's
 * (the model's) kind; limits reached are `limit`; a sandbox that
 * could not start is a `system` fault.
 */
export const COMPUTE_ERROR_CODES = [
  'compute_syntax',
  'compute_program_error',
  'compute_no_output',
  'compute_ignores_inputs',
  'compute_wrong_output',
  'compute_breaks_relation',
  'compute_timeout',
  'compute_memory',
  'compute_stack',
  'compute_output_too_large',
  'compute_input_too_large',
  'compute_unavailable',
  'compute_cancelled',
] as const;
export type ComputeErrorCode = (typeof COMPUTE_ERROR_CODES)[number];

const KINDS: Record<ComputeErrorCode, 'user' | 'limit' | 'system'> = {
  compute_syntax: 'user',
  compute_program_error: 'user',
  compute_no_output: 'user',
  compute_ignores_inputs: 'user',
  compute_wrong_output: 'user',
  compute_breaks_relation: 'user',
  compute_timeout: 'limit',
  compute_memory: 'limit',
  compute_stack: 'limit',
  compute_output_too_large: 'limit',
  compute_input_too_large: 'limit',
  compute_unavailable: 'system',
  compute_cancelled: 'system',
};

/** A program that ended without an output: its `code` says why, its message says what to change. */
export class ComputeError extends DeepResearchError {
  declare readonly code: ComputeErrorCode;

  constructor(code: ComputeErrorCode, message: string, cause?: unknown) {
    super({ code, message, kind: KINDS[code], cause });
  }
}
