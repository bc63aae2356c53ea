import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  type CooperativeOverrides,
  cooperativeObject,
  HEIGHT_PLAN,
  PAGES,
  QUESTION,
  READY,
  RESULTS,
} from '../testing/research-fixtures.js';
import { research } from './index.js';

/** The judged sentences of a judge prompt: number, text and quotes. */
function judged(prompt: string): { number: number; text: string; quotes: string }[] {
  return [...prompt.matchAll(/^(\d+)\. (.*)\n((?: {3}.*(?:\n|$))*)/gm)].map((match) => ({
    number: Number(match[1]),
    text: match[2] ?? '',
    quotes: match[3] ?? '',
  }));
}

/**
 * An honest judge: a sentence is supported when each of its figures is in its quotes; a sentence
 * without quotes states a fact it does not support.
 */
function honestJudge(call: FakeLlmCall) {
  return {
    verdicts: judged(call.prompt).map((item) => {
      const figures = item.text.match(/\d+/g) ?? [];
      const supported =
        !item.quotes.includes('(cites nothing)') && figures.every((figure) => item.quotes.includes(figure));
      return {
        claim: item.number,
        verdict: supported ? 'supported' : 'unsupported',
        reason: supported ? 'Stated.' : 'The quotes do not say this.',
      };
    }),
  };
}

/** A judge that calls everything supported: the mechanical checks must not depend on it. */
const gullibleJudge = (call: FakeLlmCall) => ({
  verdicts: judged(call.prompt).map((item) => ({
    claim: item.number,
    verdict: 'supported',
    reason: 'Looks fine.',
  })),
});

const HEIGHT = {
  source: 1,
  subQuestion: 'q1',
  claim: 'The tower is 330 metres tall.',
  quotes: ['The tower is 330 metres tall and was completed in 1889.'],
};

async function run(options: {
  findings: unknown[];
  answer: string;
  overrides?: CooperativeOverrides;
  report?: boolean;
  text?: (call: FakeLlmCall) => string;
}) {
  const events: ResearchEvent[] = [];
  const llm = createFakeLlm({
    object: cooperativeObject({
      action: (step) =>
        step === 0
          ? { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } }
          : { think: 'Done.', action: READY },
      findings: () => ({ findings: options.findings }),
      // Every finding here answers the height: one sub-question, so coverage is not what is tested.
      plan: () => HEIGHT_PLAN,
      ...options.overrides,
    }),
    text: options.text ?? (() => options.answer),
  });
  const result = await research(
    { question: QUESTION, report: options.report ?? false },
    {
      llm,
      searchProviders: [createFakeSearch(RESULTS)],
      reader: createFakeReader(PAGES),
      onEvent: (event) => events.push(event),
    },
  );
  const verification = events.filter((event) => event.type === 'verification').at(-1);
  return {
    result,
    events,
    llm,
    verification: verification?.type === 'verification' ? verification : undefined,
  };
}

describe('claims checked against their quotes', () => {
  it('never verifies a one-word quote, whatever the judge says, and flags its claim', async () => {
    const { result, llm } = await run({
      findings: [
        HEIGHT,
        { source: 1, subQuestion: 'q1', claim: 'The Eiffel Tower is 500 metres tall.', quotes: ['Paris'] },
      ],
      answer: 'The tower is 330 metres tall [F1]. The Eiffel Tower is 500 metres tall [F2].',
      overrides: {
        verdicts: gullibleJudge,
        revisions: () => ({ revisions: [{ claim: 2, text: 'The Eiffel Tower is 500 metres tall [F2].' }] }),
      },
    });
    expect(result.answer).toBe('The tower is 330 metres tall [1]. The Eiffel Tower is 500 metres tall.');
    expect(result.references).toEqual([expect.objectContaining({ findingId: 'F1', verified: true })]);
    expect(result.claims).toEqual({
      total: 2,
      supported: 1,
      unsupported: [
        { text: 'The Eiffel Tower is 500 metres tall.', reason: 'quote too short to support the claim' },
      ],
    });
    // The short quote never reached the judge: the mechanical check decided.
    const judgePrompts = llm.calls
      .filter((call) => call.schemaName === 'claim_verdicts')
      .map((call) => call.prompt);
    expect(judgePrompts.join('\n')).not.toContain('"Paris"');
  });

  it('flags a claim whose quote is on the page but says something else, and drops its reference', async () => {
    const { result, verification } = await run({
      findings: [
        HEIGHT,
        {
          source: 1,
          subQuestion: 'q1',
          claim: 'The Eiffel Tower is 500 metres tall.',
          quotes: ['The Eiffel Tower is a wrought-iron lattice tower in Paris.'],
        },
      ],
      answer: 'The Eiffel Tower is 500 metres tall [F2]. It is 330 metres tall [F1].',
      overrides: { verdicts: honestJudge },
    });
    expect(result.answer).toBe('The Eiffel Tower is 500 metres tall. It is 330 metres tall [1].');
    expect(result.references.map((reference) => [reference.findingId, reference.verified])).toEqual([
      ['F1', true],
    ]);
    expect(result.claims.unsupported).toEqual([
      { text: 'The Eiffel Tower is 500 metres tall.', reason: 'The quotes do not say this.' },
    ]);
    expect(verification?.claims).toEqual([
      {
        text: 'The Eiffel Tower is 500 metres tall.',
        verdict: 'unsupported',
        reason: 'The quotes do not say this.',
        references: [],
      },
      { text: 'It is 330 metres tall.', verdict: 'supported', reason: 'Stated.', references: [1] },
    ]);
  });

  it('revises an unsupported claim once from the findings and keeps the revision when it is supported', async () => {
    const { result, llm } = await run({
      findings: [HEIGHT],
      answer: 'The tower is 300 metres tall [F1].',
      overrides: {
        verdicts: honestJudge,
        revisions: () => ({ revisions: [{ claim: 1, text: 'The tower is 330 metres tall [F1].' }] }),
      },
    });
    expect(result.answer).toBe('The tower is 330 metres tall [1].');
    expect(result.claims).toEqual({ total: 1, supported: 1, unsupported: [] });
    expect(llm.calls.filter((call) => call.schemaName === 'revisions')).toHaveLength(1);
    const revision = llm.calls.find((call) => call.schemaName === 'revisions');
    expect(revision?.prompt).toContain('The tower is 300 metres tall');
    expect(revision?.prompt).toContain('[F1] The tower is 330 metres tall.');
  });

  it('removes the markers of findings that do not exist and judges the sentence as uncited', async () => {
    const { result, warnings } = await run({
      findings: [HEIGHT],
      answer: 'The tower is 330 metres tall [F1]. It was painted gold in 2020 [F99].',
      overrides: { verdicts: honestJudge },
    }).then((outcome) => ({
      ...outcome,
      warnings: outcome.events.flatMap((event) => (event.type === 'warning' ? [event] : [])),
    }));
    expect(result.answer).toBe('The tower is 330 metres tall [1]. It was painted gold in 2020.');
    expect(result.claims.unsupported).toEqual([
      { text: 'It was painted gold in 2020.', reason: 'The quotes do not say this.' },
    ]);
    expect(warnings.find((event) => event.code === 'unknown_finding')?.message).toContain('F99');
  });

  it('asks again about the sentences a judge left out, then counts the rest unsupported', async () => {
    let calls = 0;
    const { events, llm } = await run({
      findings: [HEIGHT],
      answer: 'The tower is 330 metres tall [F1]. It is 330 metres high [F1]. Again 330 metres [F1].',
      overrides: {
        verdicts: (call) => {
          calls += 1;
          const [first] = judged(call.prompt);
          // First reply: one verdict, a repeat of it contradicting it, and one for a sentence never asked about.
          if (calls === 1 && first)
            return {
              verdicts: [
                { claim: first.number, verdict: 'supported', reason: 'Stated.' },
                { claim: first.number, verdict: 'unsupported', reason: 'Changed my mind.' },
                { claim: 42, verdict: 'supported', reason: 'Unknown.' },
              ],
            };
          return { verdicts: [] };
        },
      },
    });
    const judgeCalls = llm.calls.filter((call) => call.schemaName === 'claim_verdicts');
    // The batch, the follow-up for the two left out, then the revised sentences' batch and its follow-up.
    expect(judged(judgeCalls[1]?.prompt ?? '').map((item) => item.number)).toEqual([2, 3]);
    // The evaluator rejects that draft (two unsupported sentences), so its own check is the one to read.
    const first = events.find((event) => event.type === 'verification');
    const summary = first?.type === 'verification' ? first.summary : undefined;
    expect(summary?.supported).toBe(1);
    expect(summary?.unsupported.map((item) => item.reason)).toEqual([
      'the checker gave no verdict',
      'the checker gave no verdict',
    ]);
  });

  it('checks every [n] marker of a report, section by section', async () => {
    const findings = [
      HEIGHT,
      {
        source: 1,
        subQuestion: 'q1',
        claim: 'The tower is made of wrought iron.',
        quotes: ['The Eiffel Tower is a wrought-iron lattice tower in Paris.'],
      },
    ];
    const sections = [
      'The tower is 330 metres tall [F1]. It is an iron lattice [F2].',
      'It was completed in 1889 [F1]. It is 500 metres tall [F2].',
    ];
    let section = 0;
    const { result, verification, llm } = await run({
      findings,
      answer: '',
      report: true,
      overrides: {
        verdicts: honestJudge,
        outline: () => ({
          title: 'The Eiffel Tower',
          sections: [
            { heading: 'Height', subQuestions: ['q1'], findings: [], words: 100 },
            { heading: 'History', subQuestions: [], findings: ['F1', 'F2'], words: 100 },
          ],
        }),
      },
      text: () => sections[section++ % sections.length] ?? '',
    });
    expect(result.answer).toMatch(/^# The Eiffel Tower\n\n## Height\n\n/);
    const judgedTexts = llm.calls
      .filter((call) => call.schemaName === 'claim_verdicts')
      .flatMap((call) => judged(call.prompt).map((item) => item.text));
    for (const sentence of [
      'The tower is 330 metres tall.',
      'It is an iron lattice.',
      'It was completed in 1889.',
      'It is 500 metres tall.',
    ])
      expect(judgedTexts).toContain(sentence);
    expect(verification?.claims.map((claim) => [claim.text, claim.verdict, claim.references])).toEqual([
      ['The tower is 330 metres tall.', 'supported', [1]],
      ['It is an iron lattice.', 'supported', [2]],
      ['It was completed in 1889.', 'supported', [1]],
      ['It is 500 metres tall.', 'unsupported', []],
    ]);
    expect(result.answer).toContain('It is 500 metres tall.\n');
    expect(result.answer).toContain('## References\n\n1. [Eiffel Tower facts](https://example.com/eiffel)');
    expect(result.references.every((reference) => reference.verified)).toBe(true);
  });

  it('lists under a report only the findings its text cites, each with its quote', async () => {
    const iron = 'The Eiffel Tower is a wrought-iron lattice tower in Paris.';
    const findings = [
      HEIGHT,
      { source: 1, subQuestion: 'q1', claim: 'The tower is made of wrought iron.', quotes: [iron] },
      { source: 1, subQuestion: 'q1', claim: 'The tower is in Paris.', quotes: [iron] },
    ];
    // F2 is never cited; F9 does not exist (a model inventing a marker).
    const sections = [
      'The tower is 330 metres tall [F1].',
      'It stands in Paris [F3]. It glows at night [F9].',
    ];
    let section = 0;
    const { result } = await run({
      findings,
      answer: '',
      report: true,
      overrides: {
        verdicts: honestJudge,
        outline: () => ({
          title: 'The Eiffel Tower',
          sections: [
            { heading: 'Height', subQuestions: ['q1'], findings: [], words: 100 },
            { heading: 'Place', subQuestions: [], findings: ['F1', 'F2', 'F3'], words: 100 },
          ],
        }),
      },
      text: () => sections[section++ % sections.length] ?? '',
    });
    expect(result.references.map((reference) => reference.findingId)).toEqual(['F1', 'F3']);
    const list = result.answer.slice(result.answer.indexOf('## References'));
    expect(list).toBe(
      [
        '## References',
        '',
        '1. [Eiffel Tower facts](https://example.com/eiffel)',
        '   > The tower is 330 metres tall and was completed in 1889.',
        `2. [Eiffel Tower facts](https://example.com/eiffel)${result.references[1]?.verified ? '' : ' _(quote not verified to support the claim)_'}`,
        `   > ${iron}`,
        '',
      ].join('\n'),
    );
    for (const number of [1, 2]) expect(result.answer).toContain(`[${number}]`);
    expect(result.answer).not.toContain('[3]');
  });
});
