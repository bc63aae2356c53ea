import { describe, expect, it } from 'vitest';
import { type ResearchEvent, UNVERIFIED_HEADING } from '../contract/index.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import { createOracleJudge } from '../testing/oracle-judge.js';
import {
  type CooperativeOverrides,
  cooperativeObject,
  cooperativeText,
  HEIGHT_PLAN,
  PAGES,
  QUESTION,
  READY,
  RESULTS,
} from '../testing/research-fixtures.js';
import { research } from './index.js';
import type { ResearchOptions } from './types.js';

const HEIGHT_QUOTE = 'The tower is 330 metres tall and was completed in 1889.';
const HEIGHT = {
  source: 1,
  subQuestion: 'q1',
  claim: 'The tower is 330 metres tall.',
  quotes: [HEIGHT_QUOTE],
};
const READ_THEN_READY = (step: number) =>
  step === 0
    ? { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } }
    : { think: 'Done.', action: READY };

/** A judge that calls every sentence supported: the engine's own checks must not depend on it. */
const gullibleVerdicts = (call: FakeLlmCall) => ({
  verdicts: [...call.prompt.matchAll(/^(\d+)\. /gm)].map((match) => ({
    claim: Number(match[1]),
    verdict: 'supported',
    reason: 'Looks fine.',
  })),
});

/** A flattering final evaluation, whatever the answer. */
const flattering = () => ({
  scores: { relevance: 9, accuracy: 9, completeness: 9, sourceQuality: 9 },
  strengths: ['Clear.'],
  weaknesses: [],
  recommendations: [],
});

async function run(
  options: {
    findings?: unknown[];
    answer?: string;
    overrides?: CooperativeOverrides;
    text?: (call: FakeLlmCall) => string;
  } & Partial<ResearchOptions>,
) {
  const { findings, answer, overrides, text, ...researchOptions } = options;
  const events: ResearchEvent[] = [];
  const llm = createFakeLlm({
    object: cooperativeObject({
      action: READ_THEN_READY,
      plan: () => HEIGHT_PLAN,
      verdicts: gullibleVerdicts,
      finalEvaluation: flattering,
      ...(findings ? { findings: () => ({ findings }) } : {}),
      ...overrides,
    }),
    text: text ?? (answer === undefined ? cooperativeText : () => answer),
  });
  const result = await research(
    { question: QUESTION, maxSteps: 4, ...researchOptions },
    {
      llm,
      searchProviders: [createFakeSearch(RESULTS)],
      reader: createFakeReader(PAGES),
      onEvent: (event) => events.push(event),
    },
  );
  const warnings = events.flatMap((event) => (event.type === 'warning' ? [event] : []));
  return { result, events, llm, warnings };
}

const body = (answer: string) => answer.split(`## ${UNVERIFIED_HEADING}`)[0]?.trim() ?? '';
const unverified = (answer: string) => answer.split(`## ${UNVERIFIED_HEADING}`)[1] ?? '';

describe('answers bound to their evidence', () => {
  it('drops a finding whose only quote is a bare figure, with a warning naming it and why', async () => {
    const { result, warnings, events } = await run({
      findings: [
        HEIGHT,
        {
          source: 1,
          subQuestion: 'q1',
          claim: 'The tower opened to visitors in the year 330.',
          quotes: ['330'],
        },
      ],
    });
    const dropped = warnings.find((warning) => warning.code === 'unsupported_finding');
    expect(dropped?.message).toContain('The tower opened to visitors in the year 330.');
    expect(dropped?.message).toContain('fragment');
    expect(events.filter((event) => event.type === 'finding')).toHaveLength(1);
    expect(result.answer).not.toContain('year 330');
  });

  it('drops a finding claiming a figure its quote does not hold: it covers no sub-question', async () => {
    const { result, warnings } = await run({
      findings: [
        {
          source: 1,
          subQuestion: 'q1',
          claim: 'The tower is 512 metres tall.',
          quotes: ['The Eiffel Tower is a wrought-iron lattice tower in Paris.'],
        },
      ],
    });
    expect(warnings.find((warning) => warning.code === 'unsupported_finding')?.message).toContain(
      '"512 metres"',
    );
    expect(result.subQuestions?.[0]).toMatchObject({ id: 'q1', outcome: 'open' });
    expect(result.status).toBe('best_effort');
  });

  it('refuses a misstated figure and date whatever the judge says, and removes the sentence from the answer', async () => {
    const { result, events } = await run({
      findings: [HEIGHT],
      answer: 'The tower is 300 metres tall and was completed in 1899 [F1].',
    });
    expect(result.claims).toMatchObject({ total: 1, supported: 0 });
    expect(result.claims.unsupported[0]?.reason).toMatch(/"300 metres".*none of the quotes/);
    expect(result.claims.unsupported[0]?.reason).toContain('1899');
    expect(body(result.answer)).not.toContain('300 metres');
    expect(unverified(result.answer)).toContain('The tower is 300 metres tall and was completed in 1899.');
    expect(result.references).toEqual([]);
    expect(result.status).toBe('best_effort');
    expect(result.stopReason).toBe('unsupported_claims');
    const ending = events.find((event) => event.type === 'finish-guard');
    expect(ending?.type === 'finish-guard' && ending.message).toContain('0 of 1 factual sentences');
  });

  it('counts an uncited figure as an unsupported fact though the judge calls it not factual', async () => {
    const { result, llm } = await run({
      findings: [HEIGHT],
      answer:
        'The tower is 330 metres tall [F1]. It is repainted every 7 years at a cost of 4 million euros.',
      overrides: {
        verdicts: (call) => ({
          verdicts: [...call.prompt.matchAll(/^(\d+)\. /gm)].map((match) => ({
            claim: Number(match[1]),
            verdict: 'not_factual',
            reason: 'Not a factual claim.',
          })),
        }),
      },
    });
    // Both state figures: both are factual claims, whatever the judge says.
    expect(result.claims.total).toBe(2);
    expect(result.claims.unsupported).toEqual([
      { text: 'The tower is 330 metres tall.', reason: expect.stringContaining('called it not factual') },
      {
        text: 'It is repainted every 7 years at a cost of 4 million euros.',
        reason: expect.stringContaining('cites no quote'),
      },
    ]);
    expect(body(result.answer)).not.toContain('repainted');
    // The judge was never asked about it.
    const judged = llm.calls
      .filter((call) => call.schemaName === 'claim_verdicts')
      .map((call) => call.prompt);
    expect(judged.join('\n')).not.toContain('repainted');
  });

  it('never completes an answer whose claims all failed: the evaluator sees the claim check', async () => {
    const { result, llm } = await run({
      findings: [HEIGHT],
      answer: 'The tower is 300 metres tall [F1]. It was finished in 1899 [F1].',
    });
    expect(result.status).toBe('best_effort');
    expect(result.stopReason).toBe('unsupported_claims');
    const evaluation = llm.calls.find((call) => call.schemaName === 'evaluation');
    expect(evaluation?.prompt).toContain('<claim-check>');
    expect(evaluation?.prompt).toContain('[unsupported] "The tower is 300 metres tall."');
    expect(evaluation?.prompt).toContain('0 of 2 factual sentences supported');
    const final = llm.calls.find((call) => call.schemaName === 'final_evaluation');
    expect(final?.prompt).toContain('<claim-check>');
    // However flattering the evaluator, accuracy stays at the supported share and sources at none.
    expect(result.evaluation?.scores.accuracy).toBe(0);
    expect(result.evaluation?.scores.sourceQuality).toBe(0);
  });

  it('scores an answer citing nothing at accuracy 0–2 and source quality 0, and never completes it', async () => {
    const { result } = await run({
      findings: [HEIGHT],
      answer: 'The Eiffel Tower is a famous landmark that many people visit.',
      overrides: {
        verdicts: (call) => ({
          verdicts: [...call.prompt.matchAll(/^(\d+)\. /gm)].map((match) => ({
            claim: Number(match[1]),
            verdict: 'not_factual',
            reason: 'No fact.',
          })),
        }),
      },
    });
    expect(result.references).toEqual([]);
    expect(result.status).toBe('best_effort');
    expect(result.evaluation?.scores.accuracy).toBeLessThanOrEqual(2);
    expect(result.evaluation?.scores.sourceQuality).toBe(0);
  });

  it('completes with a supported answer, and honours minSupport for a partly supported one', async () => {
    const answer = 'The tower is 330 metres tall [F1]. It was completed in 1899 [F1].';
    // The oracle: the page says 330 metres and 1889; the judge knows it from the fixture, not from the check.
    const truths = new Map([
      ['The tower is 330 metres tall.', true],
      ['It was completed in 1899.', false],
    ]);
    const oracle = createOracleJudge(truths);
    const strict = await run({
      findings: [HEIGHT],
      answer,
      overrides: { verdicts: (call) => oracle.verdicts(call.prompt) },
    });
    expect(strict.result.status).toBe('best_effort');
    expect(strict.result.stopReason).toBe('unsupported_claims');
    const lenient = await run({
      findings: [HEIGHT],
      answer,
      minSupport: 0.5,
      overrides: { verdicts: (call) => oracle.verdicts(call.prompt) },
    });
    expect(lenient.result.status).toBe('completed');
    expect(body(lenient.result.answer)).toBe('The tower is 330 metres tall [1].');
    expect(unverified(lenient.result.answer)).toContain('“It was completed in 1899.”');
    expect(lenient.result.claims).toMatchObject({ total: 2, supported: 1 });
    expect(oracle.unknown).toEqual([]);
  });

  it('hands the unsupported claims back to the planner as gaps while budget remains', async () => {
    const { llm } = await run({
      findings: [HEIGHT],
      answer: 'The tower is 300 metres tall [F1].',
      maxSteps: 6,
    });
    const planner = llm.calls.filter((call) => call.schemaName === 'next_action').map((call) => call.prompt);
    expect(planner.some((prompt) => prompt.includes('Find sources that state these'))).toBe(true);
    expect(planner.some((prompt) => prompt.includes('The tower is 300 metres tall.'))).toBe(true);
  });

  it('counts completeness from the findings when a cap ends the run, whatever the checklist says', async () => {
    const { result } = await run({
      findings: [HEIGHT],
      answer: 'The tower is 330 metres tall [F1].',
      // The evaluator keeps rejecting: the step cap ends the run with q1 still open on the checklist.
      overrides: { check: () => ({ think: 'No.', pass: false, improvement: 'More.' }) },
      maxSteps: 3,
    });
    expect(result.status).toBe('best_effort');
    expect(result.evaluation?.scores.completeness).toBe(9);
  });

  it('researches a question about a changing quantity on a date though the planner marks it trivial', async () => {
    const { result, llm } = await run({
      question: 'What was the population of Tokyo on 1 January 2025?',
      overrides: {
        plan: () => ({ ...HEIGHT_PLAN, trivial: true }),
        action: (step) => (step === 0 ? { think: 'Easy.', action: READY } : READ_THEN_READY(step - 1)),
      },
    });
    expect(result.stopReason).not.toBe('direct_answer');
    expect(llm.calls.some((call) => call.system.includes('needs no research'))).toBe(false);
  });

  it('refuses a direct answer that states a figure the question does not hold', async () => {
    const { result, events } = await run({
      question: 'How many legs does a spider have?',
      text: (call) =>
        call.system.includes('needs no research') ? 'A spider has 8 legs.' : cooperativeText(call),
      overrides: {
        plan: () => ({ ...HEIGHT_PLAN, trivial: true }),
        action: (step) => (step === 0 ? { think: 'Easy.', action: READY } : READ_THEN_READY(step - 1)),
      },
    });
    expect(result.stopReason).not.toBe('direct_answer');
    const refused = events.find(
      (event) => event.type === 'observation' && event.text.startsWith('Not answered directly'),
    );
    expect(refused?.type === 'observation' && refused.text).toContain('8');
  });

  it('answers arithmetic on the question’s own numbers directly, and says it used no source', async () => {
    const { result } = await run({
      question: 'What is 12 times 3?',
      text: (call) =>
        call.system.includes('needs no research') ? '12 times 3 is 36.' : cooperativeText(call),
      overrides: {
        plan: () => ({ ...HEIGHT_PLAN, trivial: true }),
        action: () => ({ think: 'Easy.', action: READY }),
      },
    });
    expect(result.stopReason).toBe('direct_answer');
    expect(result.answer).toBe('12 times 3 is 36.');
    expect(result.evaluation?.scores.sourceQuality).toBe(0);
    expect(result.evaluation?.scores.accuracy).toBeLessThanOrEqual(2);
    expect(result.evaluation?.weaknesses.join(' ')).toContain('without searching or citing any source');
  });
});
