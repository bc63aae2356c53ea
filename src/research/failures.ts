import type { StopReason } from '../contract/index.js';
import { isDeepResearchError } from '../errors.js';

/** Error codes after which no model call can succeed: the run ends at once, saying why. */
const FATAL_CODES: Record<string, StopReason> = {
  authentication: 'authentication',
  missing_api_key: 'authentication',
  unreachable: 'model_unreachable',
};

/** A model failure that ends the run: its stop reason and the error that says why. */
export interface FatalFailure {
  stopReason: StopReason;
  /** The error itself (found among the causes), whose message names the key or the address. */
  error: unknown;
}

/**
 * The model's key is missing or rejected, or its server cannot be reached (after the retries and
 * fallbacks): found in the error or one it wraps. Undefined for every other failure.
 */
export function fatalModelFailure(error: unknown): FatalFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined; depth += 1) {
    if (isDeepResearchError(current)) {
      const stopReason = FATAL_CODES[current.code];
      if (stopReason) return { stopReason, error: current };
    }
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}
