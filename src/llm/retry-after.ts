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
 * one, else `baseMs * 2^retryIndex`; never more than `maxMs`.
 */
export function backoffDelay(options: {
  retryIndex: number;
  baseMs: number;
  maxMs: number;
  retryAfterMs?: number | undefined;
}): number {
  const wanted = options.retryAfterMs ?? options.baseMs * 2 ** options.retryIndex;
  return Math.min(Math.max(0, wanted), options.maxMs);
}
