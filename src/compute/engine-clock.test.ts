import { describe, expect, it } from 'vitest';
import { ENGINE_TIME_MS, stopEngineClock } from './engine-clock.js';
import { loadQuickJs } from './evaluate.js';

describe('stopEngineClock', () => {
  it('stops the clock QuickJS itself reads, whatever path to the real Date a program finds', async () => {
    const quickJs = await loadQuickJs();
    const context = quickJs.newContext();
    // No prelude here: this is the engine's own Date, as a program would see it through a path
    // the prelude missed.
    const read = () =>
      context
        .unwrapResult(context.evalCode('new Date().getTime()'))
        .consume((time) => context.getNumber(time));
    try {
      expect(read()).toBeGreaterThan(Date.UTC(2020, 0, 1));
      const restore = stopEngineClock();
      let stopped: number;
      try {
        stopped = read();
      } finally {
        restore();
      }
      expect(stopped).toBe(ENGINE_TIME_MS);
      expect(Date.now()).toBeGreaterThan(Date.UTC(2020, 0, 1));
    } finally {
      context.dispose();
    }
  });
});
