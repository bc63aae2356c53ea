import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Outcome of checking a request's bearer token. */
export type BearerCheck =
  | {
      ok: true /** Stable id of the token (a hash prefix; never the token), or `anonymous`. */;
      client: string;
    }
  | { ok: false; message: string };

/**
 * Checks `Authorization: Bearer <token>` against the configured tokens; with none configured every
 * request passes as `anonymous`. Fixed-size digests are compared in constant time, so neither the
 * token nor its length leaks.
 */
export function createBearerCheck(tokens: readonly string[]): (request: Request) => BearerCheck {
  const digests = tokens.map(digest);
  return (request) => {
    if (digests.length === 0) return { ok: true, client: 'anonymous' };
    const match = /^Bearer\s+(.+)$/i.exec((request.headers.get('authorization') ?? '').trim());
    if (!match?.[1])
      return { ok: false, message: 'Missing bearer token: send "Authorization: Bearer <token>".' };
    const given = digest(match[1]);
    if (!digests.some((known) => timingSafeEqual(known, given)))
      return { ok: false, message: 'Invalid bearer token.' };
    return { ok: true, client: `token:${given.toString('hex').slice(0, 12)}` };
  };
}
