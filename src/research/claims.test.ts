import { describe, expect, it } from 'vitest';
import { type ResearchEvent, UNVERIFIED_HEADING } from '../contract/index.js';
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
  minSupport?: number;
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
    {
      question: QUESTION,
      report: options.report ?? false,
      ...(options.minSupport === undefined ? {} : { minSupport: options.minSupport }),
    },
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

/** The answer without its "Could not be verified" section, and the section. */
function parts(answer: string): { body: string; unverified: string } {
  const at = answer.indexOf(`## ${UNVERIFIED_HEADING}`);
  return at < 0
    ? { body: answer, unverified: '' }
    : { body: answer.slice(0, at).trim(), unverified: answer.slice(at) };
}

describe('claims checked against their quotes', () => {
  it('drops a finding resting on a one-word quote at extraction; the sentence citing it leaves the answer, listed', async () => {
    const { result, llm, events } = await run({
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
    const warning = events.find((event) => event.type === 'warning' && event.code === 'unsupported_finding');
    expect(warning?.type === 'warning' && warning.message).toContain('The Eiffel Tower is 500 metres tall.');
    expect(events.filter((event) => event.type === 'finding')).toHaveLength(1);
    const { body, unverified } = parts(result.answer);
    expect(body).toBe('The tower is 330 metres tall [1].');
    expect(unverified).toContain('“The Eiffel Tower is 500 metres tall.” — states');
    expect(result.references).toEqual([expect.objectContaining({ findingId: 'F1', verified: true })]);
    expect(result.claims).toMatchObject({ total: 2, supported: 1 });
    expect(result.claims.unsupported[0]?.reason).toContain('cites no quote');
    // The gullible judge never saw the sentence: the mechanical check decided.
    const judgePrompts = llm.calls
      .filter((call) => call.schemaName === 'claim_verdicts')
      .map((call) => call.prompt);
    expect(judgePrompts.join('\n')).not.toContain('500 metres');
  });

  it('never lets a judge confirm a sentence whose figure its quote does not hold', async () => {
    const { result, verification, llm } = await run({
      findings: [
        HEIGHT,
        {
          source: 1,
          subQuestion: 'q1',
          claim: 'The tower is made of wrought iron.',
          quotes: ['The Eiffel Tower is a wrought-iron lattice tower in Paris.'],
        },
      ],
      answer: 'The tower is 330 metres tall [F1]. The Eiffel Tower is 500 metres tall [F2].',
      overrides: { verdicts: gullibleJudge },
    });
    expect(parts(result.answer).body).toBe('The tower is 330 metres tall [1].');
    expect(verification?.claims[1]).toMatchObject({ verdict: 'unsupported', references: [] });
    expect(verification?.claims[1]?.reason).toContain('"500 metres" is in none of the quotes');
    const judgePrompts = llm.calls.filter((call) => call.schemaName === 'claim_verdicts');
    expect(judgePrompts.map((call) => call.prompt).join('\n')).not.toContain('500 metres');
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
    expect(parts(result.answer).body).toBe('It is 330 metres tall [1].');
    expect(result.references.map((reference) => [reference.findingId, reference.verified])).toEqual([
      ['F1', true],
    ]);
    // The finding claiming 500 metres from a quote without it was dropped at extraction.
    expect(result.claims.unsupported).toEqual([
      { text: 'The Eiffel Tower is 500 metres tall.', reason: expect.stringContaining('cites no quote') },
    ]);
    expect(verification?.claims).toEqual([
      {
        text: 'The Eiffel Tower is 500 metres tall.',
        verdict: 'unsupported',
        reason: expect.stringContaining('cites no quote'),
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
    const { body, unverified } = parts(result.answer);
    expect(body).toBe('The tower is 330 metres tall [1].');
    expect(unverified).toContain('“It was painted gold in 2020.”');
    expect(result.claims.unsupported).toEqual([
      { text: 'It was painted gold in 2020.', reason: 'states 2020 and cites no quote' },
    ]);
    expect(warnings.find((event) => event.code === 'unknown_finding')?.message).toContain('F99');
  });

  it('asks again about the sentences a judge left out, then counts the rest unsupported', async () => {
    let calls = 0;
    const { events, llm } = await run({
      findings: [HEIGHT],
      answer:
        'The tower is 330 metres tall [F1]. It is 330 metres high [F1]. It stands 330 metres tall [F1].',
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
    // The first answer's verification (too few supported: the run goes on to a forced answer).
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
      // One sentence of four fails: the report is still accepted, so its first draft is the result.
      minSupport: 0.5,
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
    ])
      expect(judgedTexts).toContain(sentence);
    // The quote of F2 holds no 500: the mechanical check decides, the judge never sees it.
    expect(judgedTexts).not.toContain('It is 500 metres tall.');
    expect(verification?.claims.map((claim) => [claim.text, claim.verdict, claim.references])).toEqual([
      ['The tower is 330 metres tall.', 'supported', [1]],
      ['It is an iron lattice.', 'supported', [2]],
      ['It was completed in 1889.', 'supported', [1]],
      ['It is 500 metres tall.', 'unsupported', []],
    ]);
    expect(parts(result.answer).body).not.toContain('500');
    expect(parts(result.answer).unverified).toContain('“It is 500 metres tall.”');
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
      minSupport: 0.5,
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
