/**
 * A five-step run with simulated latencies (model 300 ms, search 200 ms, fetch 300 ms): wall time,
 * model calls, and the cost of a 4-read step (concurrent: about one fetch, not four).
 * Run: npx tsx bench/five-step-run.ts
 */
import type { ResearchEvent } from '../src/contract/index.js';
import { research } from '../src/research/index.js';
import { cooperativeFindings, cooperativeWriting } from '../src/testing/cooperative-replies.js';
import { createFakeLlm, type FakeLlmCall } from '../src/testing/fake-llm.js';
import { createFakeReader, type FakePage } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import { honestVerdicts } from '../src/testing/honest-judge.js';

const RUNS = 5;
const MODEL_MS = 300;
const SEARCH_MS = 200;
const FETCH_MS = 300;

const pages: Record<string, FakePage> = {};
for (let index = 1; index <= 6; index += 1) {
  pages[`https://site${index}.example/tower`] = {
    title: `Tower page ${index}`,
    text: `The Eiffel Tower is 330 metres tall.\n\nFact number ${index} about the tower and its history.`,
  };
}
const urls = Object.keys(pages);

function model(): (call: FakeLlmCall) => unknown {
  let step = 0;
  return (call) => {
    if (call.schemaName === 'plan') {
      return {
        think: 'Plan.',
        trivial: false,
        subQuestions: [{ text: 'How tall is it?', intent: 'fact-check' }],
      };
    }
    if (call.schemaName === 'evaluation_checks') {
      return {
        think: 'A height.',
        definitive: true,
        freshness: false,
        plurality: false,
        completeness: false,
      };
    }
    if (call.schemaName?.startsWith('evaluation_')) return { think: 'Fine.', pass: true, improvement: '' };
    if (call.schemaName === 'findings') return cooperativeFindings(call.prompt);
    if (call.schemaName === 'claim_verdicts') return honestVerdicts(call.prompt);
    step += 1;
    const actions = [
      { type: 'search', queries: ['eiffel tower height', 'eiffel tower metres', 'eiffel tower facts'] },
      { type: 'read', urls: urls.slice(0, 4) },
      {
        type: 'reflect',
        addSubQuestions: [{ text: 'Has the height changed?', intent: 'related' }],
        closeSubQuestions: [],
      },
      { type: 'search', queries: ['eiffel tower antenna height', 'eiffel tower height change'] },
      { type: 'ready', reason: 'The findings give the height.' },
    ];
    return { think: `Step ${step}.`, action: actions[Math.min(step, actions.length) - 1] };
  };
}

function spanOf(events: ResearchEvent[], tool: string, step: number): number {
  const inStep = events.filter((event) => event.step === step && 'tool' in event && event.tool === tool);
  const first = inStep[0];
  const last = inStep.at(-1);
  return first && last ? Date.parse(last.at) - Date.parse(first.at) : 0;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const walls: number[] = [];
const readSpans: number[] = [];
let calls = 0;
for (let run = 0; run < RUNS; run += 1) {
  const events: ResearchEvent[] = [];
  const llm = createFakeLlm({
    object: model(),
    text: (call) => cooperativeWriting(call.system, call.prompt),
    delayMs: MODEL_MS,
  });
  const started = performance.now();
  const result = await research(
    { question: 'How tall is the Eiffel Tower?' },
    {
      llm,
      searchProviders: [
        createFakeSearch(
          urls.map((url) => ({ url, title: url, snippet: 'tower' })),
          { delayMs: SEARCH_MS },
        ),
      ],
      reader: createFakeReader(pages, { delayMs: FETCH_MS }),
      onEvent: (event) => events.push(event),
    },
  );
  const wall = performance.now() - started;
  walls.push(wall);
  readSpans.push(spanOf(events, 'read', 2));
  calls = result.llmCalls;
  console.log(
    `run ${run + 1}: ${result.status}/${result.stopReason}, ${result.steps} steps, ${result.llmCalls} model calls, ${wall.toFixed(0)} ms wall, 4-read step tools ${spanOf(events, 'read', 2)} ms`,
  );
}
const ideal = calls * MODEL_MS + 2 * SEARCH_MS + FETCH_MS;
console.log(
  `median wall: ${median(walls).toFixed(0)} ms; model calls: ${calls}; latency floor (calls×300 + 2 searches×200 + 1 fetch×300): ${ideal} ms`,
);
console.log(
  `median 4-read step (tool span): ${median(readSpans)} ms — one fetch is ${FETCH_MS} ms, four in a row would be ${4 * FETCH_MS} ms`,
);
