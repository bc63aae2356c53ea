/**
 * Orchestration CPU per step with instant fakes (no latency): what the engine itself costs.
 * Run: npx tsx bench/engine-overhead.ts   Target: < 5 ms per step.
 */
import { research } from '../src/research/index.js';
import { createFakeLlm, type FakeLlmCall } from '../src/testing/fake-llm.js';
import { createFakeReader, type FakePage } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';

const RUNS = 7;
const STEPS = 40;

const paragraph = 'The tower is made of wrought iron and was completed in 1889 for the World Fair. ';
const pages: Record<string, FakePage> = {};
for (let index = 0; index < 200; index += 1) {
  pages[`https://site${index}.example/page`] = {
    title: `Page ${index}`,
    text: Array.from({ length: 30 }, (_, line) => `${paragraph.repeat(3)} Fact ${index}-${line}.`).join(
      '\n\n',
    ),
  };
}
const urls = Object.keys(pages);

function plannerFor(): (call: FakeLlmCall) => unknown {
  let step = 0;
  return (call) => {
    if (call.schemaName === 'plan') {
      return {
        think: 'Plan.',
        trivial: false,
        subQuestions: [{ text: 'What is it made of?', intent: 'explore' }],
      };
    }
    step += 1;
    // Alternate searches and 4-URL reads: the two steps that touch the pool and the knowledge.
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const perStep: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  let searchCall = 0;
  const search = createFakeSearch(() => {
    searchCall += 1;
    return Array.from({ length: 10 }, (_, rank) => {
      const url = urls[(searchCall * 7 + rank) % urls.length] ?? 'https://example.com';
      return { title: `Result ${rank}`, url, snippet: 'A snippet about the tower.' };
    });
  });
  const before = process.cpuUsage();
  const result = await research(
    { question: 'What is the Eiffel Tower made of?', maxSteps: STEPS, maxRepeatedActions: 100 },
    {
      llm: createFakeLlm({ object: plannerFor(), text: () => 'ok' }),
      searchProviders: [search],
      reader: createFakeReader(pages),
    },
  );
  const used = process.cpuUsage(before);
  const cpuMs = (used.user + used.system) / 1000;
  perStep.push(cpuMs / result.steps);
  console.log(
    `run ${run + 1}: ${result.steps} steps, ${cpuMs.toFixed(1)} ms CPU, ${(cpuMs / result.steps).toFixed(2)} ms/step (${result.stopReason})`,
  );
}
console.log(
  `median orchestration CPU: ${median(perStep).toFixed(2)} ms/step over ${RUNS} runs (target < 5 ms)`,
);
