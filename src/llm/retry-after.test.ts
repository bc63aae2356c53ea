import { describe, expect, it } from 'vitest';
import { backoffDelay, retryAfterMs } from './retry-after.js';

describe('retryAfterMs', () => {
  it('reads seconds, HTTP dates and retry-after-ms', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs({ 'retry-after': '3' }, now)).toBe(3000);
    expect(retryAfterMs({ 'Retry-After': 'Sun, 22 Nov 2026 10:00:07 GMT' }, now)).toBe(7000);
    expect(retryAfterMs({ 'retry-after-ms': '250', 'retry-after': '9' }, now)).toBe(250);
    expect(retryAfterMs({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('backs off exponentially, honours the server and caps both', () => {
    const base = { baseMs: 500, maxMs: 20_000 };
    expect([0, 1, 2].map((retryIndex) => backoffDelay({ ...base, retryIndex }))).toEqual([500, 1000, 2000]);
    expect(backoffDelay({ ...base, retryIndex: 10 })).toBe(20_000);
    expect(backoffDelay({ ...base, retryIndex: 0, retryAfterMs: 4000 })).toBe(4000);
    expect(backoffDelay({ ...base, retryIndex: 0, retryAfterMs: 3_600_000 })).toBe(20_000);
  });

  it('takes a random share of up to `jitter` off the computed delay, never off Retry-After', () => {
    const base = { baseMs: 500, maxMs: 20_000, jitter: 0.5 };
    expect(backoffDelay({ ...base, retryIndex: 1, random: 0 })).toBe(1000);
    expect(backoffDelay({ ...base, retryIndex: 1, random: 0.5 })).toBe(750);
    expect(backoffDelay({ ...base, retryIndex: 10, random: 0.999 })).toBe(10_010);
    expect(backoffDelay({ ...base, retryIndex: 0, retryAfterMs: 4000, random: 0.9 })).toBe(4000);
  });
});
