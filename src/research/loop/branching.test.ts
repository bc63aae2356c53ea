import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../contract/index.js';
import {
  type DeceptiveWorld,
  deceptiveModel,
  deceptiveWorld,
  trueFinding,
} from '../../testing/deceptive-world.js';
import { createFakeReader } from '../../testing/fake-reader.js';
import { createFakeSearch } from '../../testing/fake-search.js';
import { research } from '../index.js';
import { type Branch, byPromise } from './research-lines.js';

/** A pipeline run of a deceptive world, branching or linear. */
async function deceptiveRun(world: DeceptiveWorld, branch: boolean) {
  const events: ResearchEvent[] = [];
  const llm = deceptiveModel(world);
  const result = await research(
    { question: world.question, noDirectAnswer: true, strategy: 'pipeline', breadth: 3, branch },
    {
      llm,
      searchProviders: [createFakeSearch(world.search)],
      reader: createFakeReader(world.pages),
      onEvent: (event) => events.push(event),
    },
  );
  const findings = events.flatMap((event) => (event.type === 'finding' ? [event.finding] : []));
  const truths = findings.filter((finding) => trueFinding(world, finding.claim));
  const covered = new Set(truths.map((finding) => finding.subQuestionId));
  return {
    result,
    events,
    llm,
    truths,
    covered,
    perThousand: (truths.length * 1000) / result.usage.totalTokens,
  };
}

describe('search that branches', () => {
  it('finds what the first results hide, in more true findings per 1,000 tokens than the linear policy', async () => {
    // Ten or more on-topic guides per sub-question: the registry pages that answer are past the
    // first page of results its own words find.
    for (const seed of [1, 2, 3]) {
      const world = deceptiveWorld({ seed, deceptive: [10, 14] });
      const linear = await deceptiveRun(world, false);
      const branching = await deceptiveRun(world, true);
      expect(linear.covered.size, `seed ${seed}`).toBe(0);
      expect(branching.covered.size, `seed ${seed}`).toBe(3);
      expect(branching.perThousand, `seed ${seed}`).toBeGreaterThan(linear.perThousand);
      expect(branching.result.status, `seed ${seed}`).toBe('completed');
      // Every finding is true: a branch reads pages, it never makes a figure up.
      expect(branching.truths.length).toBe(
        branching.events.filter((event) => event.type === 'finding').length,
      );
    }
  });

  it('costs nothing where the first results answer: the same steps and tokens as the linear policy', async () => {
    const world = deceptiveWorld({ seed: 4, deceptive: [0, 0] });
    const linear = await deceptiveRun(world, false);
    const branching = await deceptiveRun(world, true);
    expect(branching.covered.size).toBe(3);
    expect(branching.result.usage.totalTokens).toBe(linear.result.usage.totalTokens);
    expect(branching.llm.calls.some((call) => call.schemaName === 'branch_queries')).toBe(false);
  });

  it('backs off a dead end: an untried branch first, then the most findings per token, a dead end last', () => {
    const branch = (reads: number, findings: number, tokens: number): Branch => ({
      queries: [`q ${reads} ${findings} ${tokens}`],
      origin: 'reformulation',
      level: 0,
      reads,
      findings,
      tokens,
    });
    const dead = branch(1, 0, 500);
    const rich = branch(1, 3, 1_000);
    const lean = branch(2, 1, 1_000);
    const untried = branch(0, 0, 0);
    expect([dead, lean, rich, untried].sort(byPromise)).toEqual([untried, rich, lean, dead]);
  });
});
