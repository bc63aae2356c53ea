/**
 * Research in breadth under tight budgets and step caps: the tower world with eight sub-questions
 * (src/testing/tower-world.ts), a model whose every call costs 350 tokens, with latencies like real
 * services (model calls 0.8–3 s, a search 0.6 s, a page 0.4 s, all scaled by SCALE). For budgets of
 * 4,000, 6,000 and 12,000 tokens, step caps of 5 and 10, and the defaults (200,000 tokens, 20
 * steps), at breadth 1, 3 (the default) and 8, with the `agent` and `pipeline` strategies, prints
 * the supported claims of the answer, the tokens spent, the wall time (median of RUNS seeds, and at
 * real latencies: divided by SCALE), the sub-questions covered and the ending; then whether the
 * default breadth ever had fewer supported claims than breadth 1.
 * Run: npx tsx bench/breadth.ts [scale, default 0.05]
 */
import { DEFAULT_BREADTH } from '../src/config/index.js';
import { research } from '../src/research/index.js';
import type { ResearchOptions } from '../src/research/types.js';
import { createFakeReader } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import { towerWorld } from '../src/testing/tower-world.js';
import { median } from './lib/timing.js';
import { MODEL_MS, PAGE_MS, SEARCH_MS, towerModelAt } from './lib/tower-world.js';

const SCALE = Number(process.argv[2] ?? 0.05);
const RUNS = 3;
const world = towerWorld(8);
const CAPS: { label: string; options: Partial<ResearchOptions> }[] = [
  { label: '4,000 tokens', options: { tokenBudget: 4_000 } },
  { label: '6,000 tokens', options: { tokenBudget: 6_000 } },
  { label: '12,000 tokens', options: { tokenBudget: 12_000 } },
  { label: '5 steps', options: { maxSteps: 5, extendSteps: 0 } },
  { label: '10 steps', options: { maxSteps: 10, extendSteps: 0 } },
  { label: 'defaults', options: {} },
];

async function once(options: Partial<ResearchOptions>, seed: number) {
  const started = performance.now();
  const result = await research(
    { question: world.question, noDirectAnswer: true, maxTimeSeconds: 3_600, ...options },
    {
      llm: towerModelAt(seed, SCALE, world, { tokensPerCall: 350 }),
      searchProviders: [createFakeSearch(world.search, { delayMs: SEARCH_MS * SCALE })],
      reader: createFakeReader(world.pages, { delayMs: PAGE_MS * SCALE }),
    },
  );
  const covered = (result.subQuestions ?? []).filter((item) => item.outcome === 'covered').length;
  return {
    wall: performance.now() - started,
    supported: result.claims.supported,
    tokens: result.usage.totalTokens,
    covered,
    ending: `${result.status}/${result.stopReason}`,
  };
}

console.log(
  `Eight sub-questions, 350 tokens a model call; model calls ${MODEL_MS[0]}–${MODEL_MS[1]} ms, search ${SEARCH_MS} ms, page ${PAGE_MS} ms, scaled by ${SCALE}; median of ${RUNS} runs.`,
);
console.log(
  '| cap | strategy | breadth | supported claims | tokens | wall (scaled) | wall at real latencies | covered | ending |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
const worse: string[] = [];
for (const cap of CAPS) {
  for (const strategy of ['agent', 'pipeline'] as const) {
    const supportedAt = new Map<number, number>();
    for (const breadth of [1, DEFAULT_BREADTH, 8]) {
      const runs = [];
      for (let seed = 1; seed <= RUNS; seed += 1)
        runs.push(await once({ ...cap.options, strategy, breadth }, seed));
      const supported = median(runs.map((run) => run.supported));
      supportedAt.set(breadth, supported);
      const wall = median(runs.map((run) => run.wall));
      const row = [
        cap.label,
        strategy,
        breadth,
        supported,
        median(runs.map((run) => run.tokens)).toLocaleString('en-US'),
        `${(wall / 1000).toFixed(1)} s`,
        `${(wall / 1000 / SCALE).toFixed(0)} s`,
        `${median(runs.map((run) => run.covered))}/8`,
        [...new Set(runs.map((run) => run.ending))].join(', '),
      ];
      console.log(`| ${row.join(' | ')} |`);
    }
    if ((supportedAt.get(DEFAULT_BREADTH) ?? 0) < (supportedAt.get(1) ?? 0))
      worse.push(`${cap.label}, ${strategy}`);
  }
}
console.log(
  worse.length === 0
    ? `The default breadth (${DEFAULT_BREADTH}) had at least breadth 1's supported claims at every budget and cap.`
    : `The default breadth (${DEFAULT_BREADTH}) had fewer supported claims than breadth 1 at: ${worse.join('; ')}.`,
);
