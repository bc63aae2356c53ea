import type { ResearchEvent } from '../contract/index.js';
import { type ResearchOptions, research } from '../research/index.js';
import type { createFakeLlm } from './fake-llm.js';
import { createFakeReader } from './fake-reader.js';
import { createFakeSearch } from './fake-search.js';
import { PAGES, QUESTION, RESULTS } from './research-fixtures.js';

/**
 * Runs the engine on the fixtures' question against the fake search (`RESULTS`, or `search`) and
 * the fake reader (`PAGES`), always researching (`noDirectAnswer`), one sub-question at a time
 * (`breadth` 1: the scripts play the planner step by step) unless `options` says otherwise;
 * returns the result and every event. Engine tests pass the scripted model.
 */
export async function researchFixtures(
  llm: ReturnType<typeof createFakeLlm>,
  options: Partial<ResearchOptions> = {},
  search = createFakeSearch(RESULTS),
) {
  const events: ResearchEvent[] = [];
  const result = await research(
    { question: QUESTION, noDirectAnswer: true, breadth: 1, ...options },
    {
      llm,
      searchProviders: [search],
      reader: createFakeReader(PAGES),
      onEvent: (event) => events.push(event),
    },
  );
  return { result, events };
}
