import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import { createMemoryStore } from '../store/index.js';
import { createFakeRunner } from '../testing/fake-runner.js';
import { silentLogger } from './logger.js';
import { RunManager } from './run-manager.js';

// A hundred runs queued at once must not hold the thread that serves HTTP while they all start:
// every other run's events and SSE writes wait for that thread. The worker launches one run a turn
// of the event loop, so whatever else is waiting (here, a turn counter) gets in between.

const config = parseResearchConfig({ apiKey: 'sk-burst-key', search: ['duckduckgo'] });

describe('a burst of queued runs', () => {
  it('is launched one run a turn of the event loop, not all in one go', async () => {
    const runner = createFakeRunner({ steps: 1, stepDelayMs: 60_000 });
    const manager = new RunManager({
      store: createMemoryStore(),
      runner,
      maxConcurrentRuns: 40,
      logger: silentLogger,
      connection: {},
    });
    await Promise.all(Array.from({ length: 40 }, () => manager.start({ question: 'q', options: config })));
    // How many runs the engine was called for, seen at each turn of the event loop.
    const seen: number[] = [];
    for (let turn = 0; turn < 400 && runner.calls.length < 40; turn += 1) {
      seen.push(runner.calls.length);
      await nextTurn();
    }
    expect(runner.calls).toHaveLength(40);
    // Runs launched in each turn, the first included (those launched before the first turn).
    const perTurn = [...seen, 40].map((count, turn, counts) => count - (counts[turn - 1] ?? 0));
    const mostInOneTurn = Math.max(...perTurn);
    expect(mostInOneTurn).toBeLessThanOrEqual(2);
    await manager.shutdown({ graceMs: 0 });
  });
});
