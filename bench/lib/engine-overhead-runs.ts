/**
 * One process of `bench/engine-overhead.ts`: runs the engine of one source tree (`--root`, a clone's
 * folder holding `src/`) on the bench's workload with instant fakes and prints one JSON line, the
 * CPU milliseconds per step of each run (the first, cold run apart) and the pool size at the end.
 * The engine and its fakes are imported from that tree, so an older commit's tree measures the
 * engine as it was.
 *
 *   npx tsx bench/lib/engine-overhead-runs.ts --root . --pages 200 --runs 3
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const flag = (name: string, fallback: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
};
const root = flag('--root', '.');
const PAGES = Number.parseInt(flag('--pages', '200'), 10);
const RUNS = Number.parseInt(flag('--runs', '3'), 10);
const STEPS = 40;
/** Results per query grow with the pages, so the pool holds every page before the run ends. */
const RESULTS_PER_QUERY = Math.max(10, Math.round(PAGES / 20));

const load = (path: string) => import(pathToFileURL(join(root, path)).href);
const { research } = await load('src/research/index.ts');
// Trees since 2026-12-02 load the engine at the first run (`research/on-demand.ts`): loaded here, so
// the cold run's figure is the engine's first run in both layouts, not the import of its modules.
await load('src/research/run-research.ts');
const { createFakeLlm } = await load('src/testing/fake-llm.ts');
const { createFakeReader } = await load('src/testing/fake-reader.ts');
const { createFakeSearch } = await load('src/testing/fake-search.ts');

const paragraph = 'The tower is made of wrought iron and was completed in 1889 for the World Fair. ';
const pages: Record<string, { title: string; text: string }> = {};
for (let index = 0; index < PAGES; index += 1) {
  pages[`https://site${index}.example/page`] = {
    title: `Page ${index}`,
    text: Array.from({ length: 30 }, (_, line) => `${paragraph.repeat(3)} Fact ${index}-${line}.`).join(
      '\n\n',
    ),
  };
}
const urls = Object.keys(pages);

/** The planner: a plan, then searches (three queries) and 4-URL reads in turn. */
function plannerFor(): (call: { schemaName?: string }) => unknown {
  let step = 0;
  return (call) => {
    if (call.schemaName === 'plan') {
      return {
        think: 'Plan.',
        trivial: false,
        subQuestions: [{ text: 'What is it made of?', intent: 'explore' }],
      };
    }
    // Only the planner's own calls take turns: the extractor's calls (schema `findings`) get the
    // same answer, which does not fit their schema, and must not shift the planner's search/read turn.
    if (call.schemaName !== 'next_action') return { think: 'Not a planner call.' };
    step += 1;
    if (step % 2 === 1) {
      return {
        think: 'Search.',
        action: { type: 'search', queries: [`query ${step}a`, `query ${step}b`, `query ${step}c`] },
      };
    }
    const start = (step * 2) % (urls.length - 4);
    return { think: 'Read.', action: { type: 'read', urls: urls.slice(start, start + 4) } };
  };
}

/**
 * A digest of what the run did that a user or the model sees: the answer, references, claims and
 * sub-questions, and every prompt the model was given (the planner's candidate list among them). Two
 * layouts of the engine that behave the same give the same digest; the run's id, clock and
 * durations are left out, and so is the date in a prompt.
 */
function outcomeOf(
  result: Record<string, unknown>,
  calls: readonly { schemaName?: string; system: string; prompt: string }[],
): string {
  const { answer, references, claims, subQuestions, status, stopReason, steps } = result;
  const prompts = calls.map((call) =>
    [call.schemaName, call.system, call.prompt].join('\n').replace(/\d{4}-\d{2}-\d{2}/g, 'DATE'),
  );
  const seen = JSON.stringify({
    answer,
    references,
    claims,
    subQuestions,
    status,
    stopReason,
    steps,
    prompts,
  });
  return createHash('sha256').update(seen).digest('hex').slice(0, 16);
}

async function runOnce(): Promise<{
  cpuMsPerStep: number;
  pool: number;
  stopReason: string;
  outcome: string;
}> {
  let searchCall = 0;
  const seen = new Set<string>();
  const search = createFakeSearch(() => {
    searchCall += 1;
    const offset = searchCall * 7 * (RESULTS_PER_QUERY / 10);
    return Array.from({ length: RESULTS_PER_QUERY }, (_, rank) => {
      const url = urls[(offset + rank) % urls.length] ?? 'https://example.com';
      seen.add(url);
      return { title: `Result ${rank}`, url, snippet: 'A snippet about the tower.' };
    });
  });
  const llm = createFakeLlm({ object: plannerFor(), text: () => 'ok' });
  const before = process.cpuUsage();
  const result = await research(
    { question: 'What is the Eiffel Tower made of?', maxSteps: STEPS, maxRepeatedActions: 100 },
    {
      llm,
      searchProviders: [search],
      reader: createFakeReader(pages),
    },
  );
  const used = process.cpuUsage(before);
  return {
    cpuMsPerStep: (used.user + used.system) / 1000 / result.steps,
    pool: seen.size,
    stopReason: result.stopReason,
    outcome: outcomeOf(result, llm.calls),
  };
}

const cold = await runOnce();
const warm = [];
for (let run = 0; run < RUNS; run += 1) warm.push(await runOnce());
console.log(
  JSON.stringify({
    cold: cold.cpuMsPerStep,
    perStep: warm.map((run) => run.cpuMsPerStep),
    /** URLs the searches returned in a run: what the pool held at its end. */
    pool: cold.pool,
    stopReasons: [...new Set([cold, ...warm].map((run) => run.stopReason))],
    /** Digests of the runs' outcomes (`outcomeOf`): one when every run did the same. */
    outcomes: [...new Set([cold, ...warm].map((run) => run.outcome))],
  }),
);
