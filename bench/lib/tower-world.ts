import type { FakePage } from '../../src/testing/fake-reader.js';

/**
 * The tower world of `bench/breadth.ts` and `bench/memory.ts`: a four-sub-question question, its plan,
 * three agreeing pages per sub-question and a search that finds them, and seeded latencies.
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
