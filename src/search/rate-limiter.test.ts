import { describe, expect, it } from 'vitest';
import { abortableDelay } from '../shared/index.js';
import { createRateLimiter } from './rate-limiter.js';

describe('createRateLimiter', () => {
  it('never runs more than maxConcurrent tasks at once', async () => {
    const limiter = createRateLimiter({ maxConcurrent: 2, minIntervalMs: 0 });
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await abortableDelay(20);
      running -= 1;
    };
    await Promise.all(Array.from({ length: 6 }, () => limiter.schedule(task)));
    expect(peak).toBe(2);
  });

  it('starts tasks at least minIntervalMs apart', async () => {
    const limiter = createRateLimiter({ maxConcurrent: 4, minIntervalMs: 40 });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, () =>
        limiter.schedule(async () => {
          starts.push(Date.now());
        }),
      ),
    );
    const gaps = starts.slice(1).map((start, index) => start - (starts[index] ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(38);
  });

  it('drops a queued task whose signal aborts, and keeps serving the others', async () => {
    const limiter = createRateLimiter({ maxConcurrent: 1, minIntervalMs: 0 });
    const controller = new AbortController();
    const first = limiter.schedule(() => abortableDelay(30).then(() => 'first'));
    const cancelled = limiter.schedule(async () => 'never', controller.signal);
    const third = limiter.schedule(async () => 'third');
    controller.abort(new Error('stop'));
    await expect(cancelled).rejects.toThrow('stop');
    await expect(first).resolves.toBe('first');
    await expect(third).resolves.toBe('third');
  });

  it('frees the slot of a task cancelled while it waits for its interval', async () => {
    const limiter = createRateLimiter({ maxConcurrent: 1, minIntervalMs: 80 });
    await limiter.schedule(async () => 'first');
    const controller = new AbortController();
    const cancelled = limiter.schedule(async () => 'never', controller.signal);
    setTimeout(() => controller.abort(new Error('cancelled')), 10);
    await expect(cancelled).rejects.toThrow('cancelled');
    await expect(limiter.schedule(async () => 'next')).resolves.toBe('next');
  });
});
