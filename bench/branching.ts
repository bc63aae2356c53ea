/**
 * Search that branches against the linear policy, in the same run, on worlds whose first results
 * deceive (src/testing/deceptive-world.ts): per sub-question, 4 to 14 on-topic guides that never
 * state the figure rank above the registry pages that do (with 10 or more, those are past the first
 * page of results), and the model asked for other formulations proposes three, one in the
 * registry's words, in an order drawn per sub-question. Each world (a seed) is researched twice with
 * the pipeline at breadth 3, `branch: false` (linear) and `branch: true`; a finding is true when it
 * states its topic's figure (the oracle). Prints, per seed, true findings, tokens, true findings per
 * 1,000 tokens, sub-questions covered and the status, then the medians and the spread; then the same
 * on worlds with no guides at all (the first results answer), where branching must cost nothing.
 * Run: npx tsx bench/branching.ts [seeds, default 10]
 */
import type { ResearchEvent } from '../src/contract/index.js';
import { research } from '../src/research/index.js';
import {
  type DeceptiveWorld,
  deceptiveModel,
  deceptiveWorld,
  trueFinding,
} from '../src/testing/deceptive-world.js';
import { createFakeReader } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import { median } from './lib/timing.js';

const SEEDS = Number(process.argv[2] ?? 10);

async function once(world: DeceptiveWorld, branch: boolean) {
  const events: ResearchEvent[] = [];
  const result = await research(
    { question: world.question, noDirectAnswer: true, strategy: 'pipeline', breadth: 3, branch },
    {
      llm: deceptiveModel(world),
      searchProviders: [createFakeSearch(world.search)],
      reader: createFakeReader(world.pages),
      onEvent: (event) => events.push(event),
    },
  );
  const truths = events.flatMap((event) =>
    event.type === 'finding' && trueFinding(world, event.finding.claim) ? [event.finding] : [],
  );
  const covered = new Set(truths.map((finding) => finding.subQuestionId)).size;
  const tokens = result.usage.totalTokens;
  return {
    truths: truths.length,
    tokens,
    perThousand: (truths.length * 1000) / tokens,
    covered,
    status: result.status,
  };
}

const spread = (values: number[]) =>
  `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;

async function compare(label: string, deceptive: readonly [number, number]) {
  console.log(`\n${label}: three sub-questions, ${deceptive[0]}–${deceptive[1]} guides each, ${SEEDS} seeds`);
  console.log('| seed | policy | true findings | tokens | per 1,000 tokens | covered | status |');
  console.log('|---|---|---|---|---|---|---|');
  const rates = { linear: [] as number[], branching: [] as number[] };
  for (let seed = 1; seed <= SEEDS; seed += 1) {
    const world = deceptiveWorld({ seed, deceptive });
    for (const branch of [false, true]) {
      const run = await once(world, branch);
      const policy = branch ? 'branching' : 'linear';
      rates[policy].push(run.perThousand);
      const row = [
        seed,
        policy,
        run.truths,
        run.tokens.toLocaleString('en-US'),
        run.perThousand.toFixed(2),
        `${run.covered}/3`,
        run.status,
      ];
      console.log(`| ${row.join(' | ')} |`);
    }
  }
  const wins = rates.branching.filter((rate, index) => rate > (rates.linear[index] ?? 0)).length;
  const ties = rates.branching.filter((rate, index) => rate === rates.linear[index]).length;
  console.log(
    `True findings per 1,000 tokens, median (min–max): linear ${spread(rates.linear)}, branching ${spread(rates.branching)}; branching ahead on ${wins} seeds, level on ${ties}, behind on ${SEEDS - wins - ties}.`,
  );
}

await compare('First results deceive', [4, 14]);
await compare('First results answer', [0, 0]);
