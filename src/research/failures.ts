import { isDeepResearchError } from '../errors.js';

const AUTHENTICATION_CODES = new Set(['authentication', 'missing_api_key']);

/** True when the error, or one it wraps, says the model provider's key is missing or rejected. */
export function isAuthenticationError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined; depth += 1) {
    if (isDeepResearchError(current) && AUTHENTICATION_CODES.has(current.code)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** The authentication error itself (for its message naming the key), or the error given. */
export function authenticationCause(error: unknown): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined; depth += 1) {
    if (isDeepResearchError(current) && AUTHENTICATION_CODES.has(current.code)) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return error;
}
