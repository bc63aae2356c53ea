import { describe, expect, it } from 'vitest';
import type { ResearchEvent, ResearchResult } from '../../contract/index.js';
import { createFakeReader } from '../../testing/fake-reader.js';
import { createFakeSearch } from '../../testing/fake-search.js';
import { towerModel, towerWorld } from '../../testing/tower-world.js';
import { research } from '../index.js';
import type { ResearchOptions } from '../types.js';

const world = towerWorld(3);

/** One run of the tower world, fresh or resumed from the events an earlier attempt stored. */
async function attempt(options: Partial<ResearchOptions>, resumeFrom?: ResearchEvent[]) {
  const events: ResearchEvent[] = [];
  const result = await research(
    { question: world.question, noDirectAnswer: true, ...options },
    {
      // The world's model answers from the prompt alone: a resumed run meets the same model.
      llm: towerModel(world),
      searchProviders: [createFakeSearch(world.search)],
      reader: createFakeReader(world.pages),
      onEvent: (event) => events.push(event),
      ...(resumeFrom ? { resumeFrom } : {}),
    },
  );
  return { result, events };
}

/** What a user sees of a run's end. */
const outcomeOf = (result: ResearchResult) => ({
  status: result.status,
  stopReason: result.stopReason,
  answer: result.answer,
});

// The process dies after each stored event in turn (every step boundary, and every action in
// flight: a search or read started or done, its findings not yet extracted, a draft not yet
// judged); the run is resumed from what was stored and must end as the run that never died.
describe('a run killed at any event and resumed', () => {
  it.each([
    { strategy: 'pipeline', breadth: 1 },
    { strategy: 'pipeline', breadth: 3 },
    { strategy: 'agent', breadth: 1 },
    { strategy: 'agent', breadth: 3 },
  ] as const)('ends as the uninterrupted run ($strategy, breadth $breadth)', async (options) => {
    const whole = await attempt(options);
    expect(whole.result.status).toBe('completed');
    const expected = outcomeOf(whole.result);
    const differing: string[] = [];
    // Up to the run-end: a run whose end was stored is not resumed.
    const last = whole.events.findIndex((event) => event.type === 'run-end');
    for (let cut = 1; cut < last; cut += 1) {
      const stored = whole.events.slice(0, cut);
      const resumed = await attempt(options, stored);
      const outcome = outcomeOf(resumed.result);
      if (JSON.stringify(outcome) !== JSON.stringify(expected)) {
        const at = stored.at(-1);
        differing.push(
          `after event ${cut - 1} (${at?.type}, step ${at?.step}): ${outcome.status}/${outcome.stopReason}`,
        );
      }
    }
    expect(differing).toEqual([]);
  });
});
