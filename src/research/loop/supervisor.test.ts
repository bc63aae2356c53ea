import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../contract/index.js';
import { createFakeReader, type FakePage } from '../../testing/fake-reader.js';
import { createFakeSearch } from '../../testing/fake-search.js';
import {
  type TowerModelOptions,
  type TowerWorld,
  towerModel,
  towerWorld,
} from '../../testing/tower-world.js';
import { research } from '../index.js';
import type { ResearchOptions } from '../types.js';

const findingsOf = (events: readonly ResearchEvent[]) =>
  events.flatMap((event) => (event.type === 'finding' ? [event.finding] : []));

/** How a tower run is served: its model's token counts, its pages, and who watches its events. */
interface TowerServing {
  model?: TowerModelOptions;
  reader?: (url: string) => FakePage | Promise<FakePage>;
  onEvent?: (event: ResearchEvent) => void;
}

/** A run of a tower world. */
async function towerRun(world: TowerWorld, options: Partial<ResearchOptions>, serving: TowerServing = {}) {
  const events: ResearchEvent[] = [];
  const page = serving.reader ?? ((url: string) => world.pages[url] ?? {});
  const result = await research(
    { question: world.question, noDirectAnswer: true, ...options },
    {
      llm: towerModel(world, serving.model ?? {}),
      searchProviders: [createFakeSearch(world.search)],
      reader: createFakeReader(async (url) => page(url)),
      onEvent: (event) => {
        events.push(event);
        serving.onEvent?.(event);
      },
    },
  );
  return { result, events };
}

const EIGHT = towerWorld(8);
/** The tight budget: eight sub-questions, 6,000 tokens, 350 tokens a call. */
const TIGHT = { tokenBudget: 6_000 } as const;
const SMALL_CALLS = { tokensPerCall: 350 } as const;

describe('the supervisor on a tight budget', () => {
  it.each(['agent', 'pipeline'] as const)(
    'researches in breadth without starving extraction (%s): never fewer supported claims than breadth 1',
    async (strategy) => {
      const alone = await towerRun(EIGHT, { ...TIGHT, strategy, breadth: 1 }, { model: SMALL_CALLS });
      expect(alone.result.claims.supported).toBeGreaterThan(0);
      for (const breadth of [3, 8]) {
        const { result, events } = await towerRun(
          EIGHT,
          { ...TIGHT, strategy, breadth },
          { model: SMALL_CALLS },
        );
        const label = `${strategy}, breadth ${breadth}`;
        expect(findingsOf(events).length, label).toBeGreaterThan(0);
        expect(result.answer, label).not.toMatch(/found nothing/);
        expect(result.claims.supported, label).toBeGreaterThanOrEqual(alone.result.claims.supported);
        expect(result.usage.totalTokens, label).toBeLessThanOrEqual(TIGHT.tokenBudget);
      }
    },
  );

  it.each(['agent', 'pipeline'] as const)(
    'holds for each sub-researcher what its extraction needs to start: none stops for want of tokens (%s, 4,000 tokens, breadth 8)',
    async (strategy) => {
      const budget = { tokenBudget: 4_000 } as const;
      const alone = await towerRun(EIGHT, { ...budget, strategy, breadth: 1 }, { model: SMALL_CALLS });
      const { result, events } = await towerRun(
        EIGHT,
        { ...budget, strategy, breadth: 8 },
        { model: SMALL_CALLS },
      );
      // A hold the size of what an extraction is billed (350) is less than its prompt needs free to
      // start: the others then take what it needs, and it stops without a finding.
      const stopped = events.filter(
        (event) =>
          event.type === 'warning' &&
          event.code === 'budget_exhausted' &&
          event.subResearcher?.startsWith('q'),
      );
      expect(stopped.map((event) => (event.type === 'warning' ? event.message : ''))).toEqual([]);
      expect(result.claims.supported).toBeGreaterThanOrEqual(alone.result.claims.supported);
      expect(result.usage.totalTokens).toBeLessThanOrEqual(budget.tokenBudget);
    },
  );

  it.each(['agent', 'pipeline'] as const)(
    'starts no more sub-researchers than a step cap of 5 carries to a finding (%s, breadth 8)',
    async (strategy) => {
      const { result, events } = await towerRun(EIGHT, { strategy, breadth: 8, maxSteps: 5, extendSteps: 0 });
      expect(result.steps).toBeLessThanOrEqual(5);
      expect(findingsOf(events).length).toBeGreaterThan(0);
      expect(result.claims.supported).toBeGreaterThan(0);
      // Every sub-researcher started reached a finding: none was left halfway by the cap.
      const started = new Set(
        events.flatMap((event) =>
          event.type === 'step-start' && event.subResearcher?.startsWith('q') ? [event.subResearcher] : [],
        ),
      );
      const found = new Set(findingsOf(events).map((finding) => finding.subQuestionId));
      for (const id of started) expect(found.has(id), id).toBe(true);
    },
  );
});

describe('the pipeline is a work queue', () => {
  it('gives the next sub-question to a free sub-researcher while a slow one still reads', async () => {
    const world = towerWorld(3);
    let release: () => void = () => {};
    const slowPage = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first sub-question's pages answer only once q3 has started, or after a while if it never
    // does (the old pipeline's rounds waited for them): the clock only breaks that wait.
    const fallback = setTimeout(() => release(), 3_000);
    const { events: all, result } = await towerRun(
      world,
      { strategy: 'pipeline', breadth: 2 },
      {
        reader: async (url) => {
          if (url.includes('//height')) await slowPage;
          return world.pages[url] ?? {};
        },
        onEvent: (event) => {
          if (event.type === 'step-start' && event.subResearcher === 'q3') release();
        },
      },
    );
    clearTimeout(fallback);
    expect(result.status).toBe('completed');
    const q3Start = all.findIndex((event) => event.type === 'step-start' && event.subResearcher === 'q3');
    const q1Read = all.findIndex(
      (event) => event.type === 'tool-result' && event.tool === 'read' && event.subResearcher === 'q1',
    );
    expect(q3Start).toBeGreaterThan(-1);
    expect(q3Start).toBeLessThan(q1Read);
  });
});
