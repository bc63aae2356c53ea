import { describe, expect, it } from 'vitest';
import { createEmitter } from './emitter.js';

describe('createEmitter', () => {
  it('numbers and stamps events and hands each to the listener before returning', () => {
    const seen: number[] = [];
    const emitter = createEmitter({ runId: 'r1', onEvent: (event) => seen.push(event.index), now: () => 0 });
    const first = emitter.emit({ type: 'observation', text: 'a' }, 0);
    expect(seen).toEqual([0]);
    emitter.emit({ type: 'observation', text: 'b' }, 2);
    expect(first).toMatchObject({ runId: 'r1', index: 0, at: '1970-01-01T00:00:00.000Z', step: 0 });
    expect(emitter.events.map((event) => [event.index, event.step])).toEqual([
      [0, 0],
      [1, 2],
    ]);
  });

  it("writes an event's fields as JSON in the payload's order, then runId, index, at, step and subResearcher", () => {
    const emitter = createEmitter({ runId: 'r1', now: () => 0 });
    const event = emitter.emit({ type: 'observation', text: 'a' }, 3, 'sub-1');
    expect(JSON.stringify(event)).toBe(
      '{"type":"observation","text":"a","runId":"r1","index":0,"at":"1970-01-01T00:00:00.000Z","step":3,"subResearcher":"sub-1"}',
    );
    expect(Object.keys(emitter.emit({ type: 'observation', text: 'b' }, 3))).not.toContain('subResearcher');
  });

  it('survives a listener that throws, reporting it once as a warning', () => {
    const emitter = createEmitter({
      runId: 'r1',
      onEvent: () => {
        throw new Error('listener broke');
      },
    });
    emitter.emit({ type: 'observation', text: 'a' }, 0);
    emitter.emit({ type: 'observation', text: 'b' }, 0);
    expect(emitter.events.map((event) => event.type)).toEqual(['observation', 'warning', 'observation']);
  });

  it('refuses events after run-end', () => {
    const emitter = createEmitter({ runId: 'r1' });
    const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: 0 };
    emitter.emit(
      {
        type: 'run-end',
        status: 'completed',
        stopReason: 'evaluation_passed',
        answer: 'a',
        references: [],
        claims: { total: 0, supported: 0, unsupported: [] },
        words: 1,
        usage,
        llmCalls: 0,
        steps: 0,
        durationMs: 0,
      },
      0,
    );
    expect(() => emitter.emit({ type: 'observation', text: 'late' }, 0)).toThrow(/after run-end/);
  });
});
