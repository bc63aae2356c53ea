import { DeepResearchError } from '../../errors.js';

/** Why a request was refused before any route ran, each with its one HTTP status. */
export const REFUSAL_STATUS = {
  /** The Host header names none of the server's names (DNS rebinding), without auth. */
  host_not_allowed: 403,
  /** A state-changing request or WebSocket from a web page on another origin. */
  origin_not_allowed: 403,
  /** The route exists, not for this method. */
  method_not_allowed: 405,
  /** A request body that is not JSON. */
  unsupported_media_type: 415,
} as const;

export type RefusalCode = keyof typeof REFUSAL_STATUS;

/**
 * A request the HTTP adapter refuses on its own grounds (where it came from, how it was sent),
 * before the run service sees it. The error handler answers it in the API's JSON shape.
 */
export class RequestRefused extends DeepResearchError {
  override readonly code: RefusalCode;
  readonly status: (typeof REFUSAL_STATUS)[RefusalCode];
  /** Methods the route takes (405), for the `Allow` header. */
  readonly allow: readonly string[] | undefined;

  constructor(code: RefusalCode, message: string, options: { allow?: readonly string[] } = {}) {
    super({ code, message, kind: 'user' });
    this.code = code;
    this.status = REFUSAL_STATUS[code];
    this.allow = options.allow;
  }
}
