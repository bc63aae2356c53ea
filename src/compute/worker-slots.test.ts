import { describe, expect, it } from 'vitest';
import { createWorkerSlots } from './worker-slots.js';

describe('createWorkerSlots', () => {
  it('holds at most its size at once and hands a freed slot to the first in line', async () => {
    const slots = createWorkerSlots(2);
    const order: string[] = [];
    const first = await slots.take();
    const second = await slots.take();
    const third = slots.take().then((release) => {
      order.push('third');
      return release;
    });
    const fourth = slots.take().then((release) => {
      order.push('fourth');
      return release;
    });
    // Both wait: settle every pending promise before looking.
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    first?.();
    first?.(); // a second release gives nothing back twice
    await third;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['third']);
    second?.();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
  });

  it('lets a waiter whose run stops leave the line without taking a slot', async () => {
    const slots = createWorkerSlots(1);
    const held = await slots.take();
    const controller = new AbortController();
    const leaving = slots.take(controller.signal);
    const next = slots.take();
    controller.abort();
    expect(await leaving).toBeUndefined();
    held?.();
    const release = await next;
    expect(release).toBeTypeOf('function');
    expect(await slots.take(AbortSignal.abort())).toBeUndefined();
  });
});
