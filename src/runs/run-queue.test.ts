import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/index.js';
import { emptyFigures } from '../contract/index.js';
import type { ActiveRun } from './active-run.js';
import { RunQueue } from './run-queue.js';

const options = parseResearchConfig({});

/** A queue whose runs end when the test says so; records what started and ended, in order. */
function setup(slots: number) {
  const log: string[] = [];
  const endings = new Map<string, () => void>();
  const queue = new RunQueue({
    slots,
    launch(entry, settled) {
      log.push(`start ${entry.id}`);
      endings.set(entry.id, settled);
      const run: ActiveRun = {
        controller: new AbortController(),
        figures: emptyFigures(),
        finished: Promise.resolve(),
      };
      return run;
    },
    onEnded: (id) => log.push(`end ${id}`),
  });
  const add = (id: string) => queue.add({ id, options, resume: false, memoryScope: { all: true } });
  const end = (id: string) => endings.get(id)?.();
  return { queue, log, add, end };
}

describe('RunQueue', () => {
  it('starts runs in order, no more than its slots at once, the next as soon as one ends', () => {
    const { queue, log, add, end } = setup(2);
    for (const id of ['a', 'b', 'c', 'd']) add(id);
    expect(log).toEqual(['start a', 'start b']);
    expect(queue.counts()).toEqual({ running: 2, queued: 2 });
    end('b');
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    expect(queue.running('b')).toBeUndefined();
    expect(queue.running('c')).toBeDefined();
  });

  it('takes out a waiting run, never a running one', () => {
    const { queue, log, add, end } = setup(1);
    add('a');
    add('b');
    expect(queue.take('a')).toBe(false);
    expect(queue.take('b')).toBe(true);
    expect(queue.isWaiting('b')).toBe(false);
    end('a');
    expect(log).toEqual(['start a', 'end a']);
  });

  it('once closed, starts nothing more and hands back what was waiting', () => {
    const { queue, log, add, end } = setup(1);
    add('a');
    add('b');
    expect(queue.close().map((entry) => entry.id)).toEqual(['b']);
    expect(queue.isOpen).toBe(false);
    end('a');
    add('c');
    expect(log).toEqual(['start a', 'end a']);
    expect(queue.allRunning()).toEqual([]);
  });
});
