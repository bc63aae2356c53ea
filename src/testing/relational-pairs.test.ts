import { describe, expect, it } from 'vitest';
import { research } from '../research/index.js';
import { evidenceFindings, sourceBlocks } from './cooperative-replies.js';
import { createFakeLlm } from './fake-llm.js';
import type { FakePage } from './fake-reader.js';
import { createFakeReader } from './fake-reader.js';
import { createFakeSearch } from './fake-search.js';
import { createOracleJudge, yesVerdicts } from './oracle-judge.js';
import { RELATIONAL_PAIRS } from './relational-pairs.js';
import { cooperativeObject } from './research-fixtures.js';

/** Pages holding every pair's quotes, read four a step (the engine's most) over two steps. */
const PAGE_COUNT = 8;
const PAGES: Record<string, FakePage> = Object.fromEntries(
  [...Array(PAGE_COUNT).keys()].map((page) => [
    `https://example.com/page-${page}`,
    {
      title: `Page ${page}`,
      text: RELATIONAL_PAIRS.filter((_, index) => index % PAGE_COUNT === page)
        .flatMap((pair) => pair.quotes)
        .join('\n\n'),
    },
  ]),
);

const QUESTION = 'What do these sources say about towers, cities, trade and people?';

/** Every sentence of every source as a finding quoting it ("2.1 million" does not end one). */
function everySentence(prompt: string) {
  return {
    findings: sourceBlocks(prompt).flatMap((block) =>
      block.text.split(/(?<=[.!?])\s+/).map((sentence) => ({
        source: block.id,
        subQuestion: 'q1',
        claim: sentence,
        quotes: [sentence],
      })),
    ),
  };
}

/** The writer: each pair's true then false sentence, citing the findings of its quotes. */
function writeEveryPair(prompt: string): string {
  const findings = evidenceFindings(prompt);
  return RELATIONAL_PAIRS.map((pair) => {
    const ids = pair.quotes.map((quote) => findings.find((finding) => finding.claim === quote)?.id ?? 'F0');
    const marker = `[${ids.join(', ')}]`;
    return [pair.true, pair.false].map((sentence) => `${sentence.replace(/\.$/, '')} ${marker}.`).join(' ');
  }).join('\n\n');
}

/** Runs the engine over every pair with `verdicts` as the claim judge. */
async function runPairs(verdicts: (prompt: string) => unknown) {
  const llm = createFakeLlm({
    object: cooperativeObject({
      plan: () => ({
        think: 'One question.',
        trivial: false,
        subQuestions: [{ text: QUESTION, intent: 'explore' }],
      }),
      action: (step) =>
        step < 2
          ? {
              think: 'Read.',
              action: { type: 'read', urls: Object.keys(PAGES).slice(step * 4, step * 4 + 4) },
            }
          : { think: 'Done.', action: { type: 'ready', reason: 'Every page was read.' } },
      findings: (call) => everySentence(call.prompt),
      verdicts: (call) => verdicts(call.prompt),
      revisions: () => ({ revisions: [] }),
    }),
    text: (call) => writeEveryPair(call.prompt),
  });
  return research(
    { question: QUESTION, minSupport: 0 },
    { llm, searchProviders: [createFakeSearch([])], reader: createFakeReader(PAGES) },
  );
}

const withoutMarker = (text: string) => text.replace(/\s*\[[^\]]*\]/g, '').trim();

describe('relational pairs through the engine', () => {
  it('withholds every false sentence and delivers every true one, though the judge says yes to all', {
    timeout: 120_000,
  }, async () => {
    const result = await runPairs(yesVerdicts);
    const unsupported = (result.claims?.unsupported ?? []).map((claim) => withoutMarker(claim.text));
    const delivered = withoutMarker(result.answer.split(/could not be verified/i)[0] ?? '');
    for (const pair of RELATIONAL_PAIRS) {
      expect(unsupported, `${pair.kind}: ${pair.false}`).toContain(pair.false.replace(/\.$/, '.'));
      expect(delivered, `${pair.kind}: ${pair.true}`).toContain(pair.true.replace(/\.$/, ''));
      expect(unsupported, `${pair.kind}: ${pair.true}`).not.toContain(pair.true);
    }
  });

  it('with the oracle judge as well, delivers exactly the true sentences', { timeout: 120_000 }, async () => {
    const truths = new Map(
      RELATIONAL_PAIRS.flatMap((pair) => [[pair.true, true] as const, [pair.false, false] as const]),
    );
    const oracle = createOracleJudge(truths);
    const result = await runPairs((prompt) => oracle.verdicts(prompt));
    expect(oracle.unknown).toEqual([]);
    expect(result.claims?.supported).toBe(RELATIONAL_PAIRS.length);
  });
});
