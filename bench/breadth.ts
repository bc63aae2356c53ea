/**
 * Research in breadth: a four-sub-question run with latencies like real services (model calls
 * 0.8–3 s, a search 0.6 s, a page 0.4 s, all scaled by SCALE so the bench takes a minute or two),
 * at breadth 1, 2, 3 and 4, with the planner-led `agent` strategy and the `pipeline`. Prints, per
 * configuration, the median wall time (and what it is at real latencies: divided by SCALE), the
 * model calls, the tokens of the prompts sent (estimated at 4 characters a token) and the steps.
 * Run: npx tsx bench/breadth.ts [scale, default 0.1]
 */
import { research } from '../src/research/index.js';
import { cooperativeFindings, cooperativeWriting } from '../src/testing/cooperative-replies.js';
import { createFakeLlm, type FakeLlmCall } from '../src/testing/fake-llm.js';
import { createFakeReader } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import { honestEvaluationReply } from '../src/testing/honest-evaluator.js';
import { honestVerdicts } from '../src/testing/honest-judge.js';
import { median } from './lib/timing.js';
import { PLAN, pages, QUESTION, random, search, section, TOPICS } from './lib/tower-world.js';

const SCALE = Number(process.argv[2] ?? 0.1);
const RUNS = 3;
const MODEL_MS = [800, 3000] as const;
const SEARCH_MS = 600;
const PAGE_MS = 400;

/**
 * A diligent planner: the first sub-question its coverage shows uncovered is searched by its
 * words, then its unread candidates are read; ready once every one is covered.
 */
function plannerAction(prompt: string) {
  const open = [...section(prompt, 'coverage').matchAll(/^- (q\d+) \([^)]*\): (.*)$/gm)]
    .filter((match) => !(match[2] ?? '').endsWith('covered'))
    .map((match) => match[1] ?? '');
  const item = PLAN.subQuestions[Number((open[0] ?? 'q0').slice(1)) - 1];
  if (!item)
    return { think: 'Covered.', action: { type: 'ready', reason: 'Every sub-question is covered.' } };
  const topic = TOPICS.find((name) => item.text.includes(name)) ?? '';
  const unread = section(prompt, 'unread-urls')
    .split('\n')
    .map((line) => line.replace(/^- /, '').split(' | ')[0]?.trim() ?? '')
    .filter((url) => url.includes(topic));
  if (unread.length > 0) return { think: 'Read.', action: { type: 'read', urls: unread.slice(0, 3) } };
  return { think: 'Search.', action: { type: 'search', queries: [item.text], subQuestion: open[0] } };
}

function model(seed: number) {
  const next = random(seed);
  const latency = () => (MODEL_MS[0] + next() * (MODEL_MS[1] - MODEL_MS[0])) * SCALE;
  const wait = () => new Promise((resolve) => setTimeout(resolve, latency()));
  const object = async (call: FakeLlmCall): Promise<unknown> => {
    await wait();
    if (call.schemaName === 'plan') return PLAN;
    if (call.schemaName === 'next_action') return plannerAction(call.prompt);
    if (call.schemaName === 'findings') return cooperativeFindings(call.prompt);
    if (call.schemaName === 'claim_verdicts') return honestVerdicts(call.prompt);
    if (call.schemaName === 'critique') return { think: 'Fine.', gaps: [], weakClaims: [] };
    if (call.schemaName === 'revisions') return { revisions: [] };
    if (call.schemaName === 'evaluation_checks')
      return { think: 'x', definitive: true, freshness: false, plurality: false, completeness: true };
    if (call.schemaName === 'evaluation') return honestEvaluationReply(call.prompt);
    if (call.schemaName === 'final_evaluation')
      return {
        scores: { relevance: 9, accuracy: 9, completeness: 8, sourceQuality: 8 },
        strengths: [],
        weaknesses: [],
        recommendations: [],
      };
    return { notes: [] };
  };
  const text = async (call: FakeLlmCall) => {
    await wait();
    return cooperativeWriting(call.system, call.prompt);
  };
  return createFakeLlm({ object, text });
}

async function once(strategy: 'agent' | 'pipeline', breadth: number, seed: number) {
  const llm = model(seed);
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
