/**
 * Research in breadth: a four-sub-question run with latencies like real services (model calls
 * 0.8–3 s, a search 0.6 s, a page 0.4 s, all scaled by SCALE so the bench takes a minute or two),
 * at breadth 1, 2, 3 and 4, with the planner-led `agent` strategy and the `pipeline`. Prints, per
 * configuration, the median wall time (and what it is at real latencies: divided by SCALE), the
 * model calls, the tokens of the prompts sent (estimated at 4 characters a token) and the steps.
 * Run: npx tsx bench/breadth.ts [scale, default 0.1]
 */
import { research } from '../src/research/index.js';
import { createFakeReader } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import { median } from './lib/timing.js';
import { MODEL_MS, PAGE_MS, pages, QUESTION, SEARCH_MS, search, towerModelAt } from './lib/tower-world.js';

const SCALE = Number(process.argv[2] ?? 0.1);
const RUNS = 3;
async function once(strategy: 'agent' | 'pipeline', breadth: number, seed: number) {
  const llm = towerModelAt(seed, SCALE);
  const started = performance.now();
  const result = await research(
    { question: QUESTION, strategy, breadth, noDirectAnswer: true, maxTimeSeconds: 3_600 },
    {
      llm,
      searchProviders: [createFakeSearch(search, { delayMs: SEARCH_MS * SCALE })],
      reader: createFakeReader(pages, { delayMs: PAGE_MS * SCALE }),
    },
  );
  const wall = performance.now() - started;
  const promptTokens = llm.calls.reduce(
    (sum, call) => sum + Math.ceil((call.system.length + call.prompt.length) / 4),
    0,
  );
  const covered = (result.subQuestions ?? []).filter((item) => item.outcome === 'covered').length;
  return { wall, calls: llm.calls.length, promptTokens, steps: result.steps, covered, status: result.status };
}

console.log(
  `Four sub-questions; model calls ${MODEL_MS[0]}–${MODEL_MS[1]} ms, search ${SEARCH_MS} ms, page ${PAGE_MS} ms, scaled by ${SCALE}; median of ${RUNS} runs.`,
);
console.log(
  '| strategy | breadth | wall (scaled) | wall at real latencies | model calls | prompt tokens | steps | covered | status |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const strategy of ['agent', 'pipeline'] as const) {
  for (const breadth of [1, 2, 3, 4]) {
    const runs = [];
    for (let seed = 1; seed <= RUNS; seed += 1) runs.push(await once(strategy, breadth, seed));
    const wall = median(runs.map((run) => run.wall));
    const row = [
      strategy,
      breadth,
      `${(wall / 1000).toFixed(1)} s`,
      `${(wall / 1000 / SCALE).toFixed(0)} s`,
      median(runs.map((run) => run.calls)),
      median(runs.map((run) => run.promptTokens)).toLocaleString('en-US'),
      median(runs.map((run) => run.steps)),
      `${median(runs.map((run) => run.covered))}/4`,
      runs.map((run) => run.status).join(','),
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
}
