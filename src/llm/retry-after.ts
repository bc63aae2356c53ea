/**
 * Milliseconds a server asked us to wait, from `retry-after-ms` or `retry-after` (seconds or an HTTP
 * date). `undefined` when there is no usable header.
 */
export function retryAfterMs(
  headers: Readonly<Record<string, string>> | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const lookup = (name: string) =>
    Object.entries(headers)
      .find(([key]) => key.toLowerCase() === name)?.[1]
      ?.trim();
  const milliseconds = Number(lookup('retry-after-ms'));
  if (lookup('retry-after-ms') && Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = lookup('retry-after');
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Delay before retry number `retryIndex` (0 for the first retry): the server's wish when it gave
 * one, else `baseMs * 2^retryIndex` less a random share of up to `jitter` of it (`random` is a
 * draw in [0, 1)); never more than `maxMs`.
 */
export function backoffDelay(options: {
  retryIndex: number;
  baseMs: number;
  maxMs: number;
  retryAfterMs?: number | undefined;
  /** Share of the computed delay that is random, 0–1 (default 0: none). */
  jitter?: number;
  /** A random draw in [0, 1) (default 0). */
  random?: number;
}): number {
  if (options.retryAfterMs !== undefined) return Math.min(Math.max(0, options.retryAfterMs), options.maxMs);
  const exponential = Math.min(options.baseMs * 2 ** options.retryIndex, options.maxMs);
  const jitter = Math.min(Math.max(options.jitter ?? 0, 0), 1);
  return Math.max(0, Math.round(exponential * (1 - jitter * (options.random ?? 0))));
}
