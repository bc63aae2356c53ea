/**
 * Memory: the same four-sub-question question asked again, without memory and with the memory of
 * its first run, at latencies like real services (model calls 0.8–3 s, a search 0.6 s, a page
 * 0.4 s, all scaled by SCALE), with the `pipeline` (the default policy) and the planner-led `agent`
 * strategy at breadth 1. Prints, per configuration, the median steps, searches, pages read, model
 * calls, prompt tokens (estimated at 4 characters a token), wall time (and at real latencies) and
 * the support rate of the answer (supported factual sentences / all), with the answers' status.
 * Run: npx tsx bench/memory.ts [scale, default 0.1]
 */
import { memoryOfRun, type ResearchEvent, type RunMemory } from '../src/contract/index.js';
import { research } from '../src/research/index.js';
import { createFakeReader } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import { median } from './lib/timing.js';
import { MODEL_MS, PAGE_MS, pages, QUESTION, SEARCH_MS, search, towerModelAt } from './lib/tower-world.js';

const SCALE = Number(process.argv[2] ?? 0.1);
const RUNS = 3;
async function once(options: { strategy: 'agent' | 'pipeline'; seed: number; memories?: RunMemory[] }) {
  const llm = towerModelAt(options.seed, SCALE);
  const provider = createFakeSearch(search, { delayMs: SEARCH_MS * SCALE });
  const reader = createFakeReader(pages, { delayMs: PAGE_MS * SCALE });
  const events: ResearchEvent[] = [];
  const started = performance.now();
  const result = await research(
    {
      question: QUESTION,
      strategy: options.strategy,
      breadth: 1,
      noDirectAnswer: true,
      maxTimeSeconds: 3_600,
    },
    {
      llm,
      searchProviders: [provider],
      reader,
      onEvent: (event) => events.push(event),
      ...(options.memories ? { memories: options.memories } : {}),
    },
  );
  const wall = performance.now() - started;
  const promptTokens = llm.calls.reduce(
    (sum, call) => sum + Math.ceil((call.system.length + call.prompt.length) / 4),
    0,
  );
  const support = result.claims.total > 0 ? result.claims.supported / result.claims.total : 0;
  return {
    result,
    events,
    wall,
    steps: result.steps,
    searches: provider.calls.length,
    reads: reader.calls.length,
    calls: llm.calls.length,
    promptTokens,
    support,
    covered: (result.subQuestions ?? []).filter((item) => item.outcome === 'covered').length,
    used: result.memories?.length ?? 0,
  };
}

console.log(
  `The same question twice; model calls ${MODEL_MS[0]}–${MODEL_MS[1]} ms, search ${SEARCH_MS} ms, page ${PAGE_MS} ms, scaled by ${SCALE}; median of ${RUNS} runs.`,
);
console.log(
  '| strategy | memory | steps | searches | pages read | model calls | prompt tokens | wall (scaled) | wall at real latencies | support | covered | runs remembered | status |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const strategy of ['pipeline', 'agent'] as const) {
  for (const withMemory of [false, true]) {
    const runs = [];
    for (let seed = 1; seed <= RUNS; seed += 1) {
      // The memory is of a first run of the same question, made with another seed's latencies.
      const first = await once({ strategy, seed: seed + 100 });
      const memory = memoryOfRun({
        result: first.result,
        events: first.events,
        endedAt: new Date().toISOString(),
      });
      runs.push(await once({ strategy, seed, ...(withMemory ? { memories: [memory] } : {}) }));
    }
    const wall = median(runs.map((run) => run.wall));
    const row = [
      strategy,
      withMemory ? 'on' : 'off',
      median(runs.map((run) => run.steps)),
      median(runs.map((run) => run.searches)),
      median(runs.map((run) => run.reads)),
      median(runs.map((run) => run.calls)),
      median(runs.map((run) => run.promptTokens)).toLocaleString('en-US'),
      `${(wall / 1000).toFixed(1)} s`,
      `${(wall / 1000 / SCALE).toFixed(0)} s`,
      `${(median(runs.map((run) => run.support)) * 100).toFixed(0)}%`,
      `${median(runs.map((run) => run.covered))}/4`,
      median(runs.map((run) => run.used)),
      runs.map((run) => run.result.status).join(','),
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
}
