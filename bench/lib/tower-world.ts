import { cooperativeFindings, cooperativeWriting } from '../../src/testing/cooperative-replies.js';
import { createFakeLlm, type FakeLlmCall } from '../../src/testing/fake-llm.js';
import type { FakePage } from '../../src/testing/fake-reader.js';
import { honestEvaluationReply } from '../../src/testing/honest-evaluator.js';
import { honestVerdicts } from '../../src/testing/honest-judge.js';

/**
 * The tower world of `bench/breadth.ts` and `bench/memory.ts`: a four-sub-question question, its plan,
 * three agreeing pages per sub-question and a search that finds them, and a fake model with seeded
 * latencies like real services (model calls 0.8–3 s, a search 0.6 s, a page 0.4 s).
 */
export const TOPICS = ['height', 'designer', 'construction', 'visitors'] as const;
export const QUESTION = 'What should a visitor know about the Eiffel Tower?';
export const PLAN = {
  think: 'Four angles.',
  trivial: false,
  subQuestions: TOPICS.map((topic) => ({
    text: `What is known about the tower ${topic}?`,
    intent: 'related',
  })),
};

/**
 * Three pages per topic, each with a fact about it. The pages agree: their facts are told apart by a
 * letter, not a number, which the conflict check would read as three values of one quantity.
 */
export const pages: Record<string, FakePage> = {};
for (const topic of TOPICS) {
  for (const [index, archive] of ['A', 'B', 'C'].entries()) {
    pages[`https://${topic}${index + 1}.example/tower`] = {
      title: `Tower ${topic} ${index + 1}`,
      text: `The tower ${topic} fact of register ${archive} is recorded in the Paris archive.\n\nAnother tower ${topic} detail of register ${archive} was published in 1889.`,
    };
  }
}
/** A search finds the three pages of the topic its query names. */
export const search = (request: { query: string }) => {
  const topic = TOPICS.find((item) => request.query.toLowerCase().includes(item));
  return Object.entries(pages)
    .filter(([url]) => topic !== undefined && url.includes(topic))
    .map(([url, page]) => ({ url, title: page.title ?? url, snippet: `About the tower ${topic}.` }));
};

/** Seeded PRNG (mulberry32): every configuration sees the same latencies. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** The text of a prompt's `<name>` block. */
export const section = (prompt: string, name: string) =>
  new RegExp(`<${name}>\\n([\\s\\S]*?)\\n</${name}>`).exec(prompt)?.[1] ?? '';

export const MODEL_MS = [800, 3000] as const;
export const SEARCH_MS = 600;
export const PAGE_MS = 400;

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

/**
 * The fake model of the tower world: the plan, the diligent planner, cooperative findings and writing,
 * the honest judge and evaluator, each call after a seeded latency of `MODEL_MS` times `scale`.
 */
export function towerModel(seed: number, scale: number) {
  const next = random(seed);
  const latency = () => (MODEL_MS[0] + next() * (MODEL_MS[1] - MODEL_MS[0])) * scale;
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
