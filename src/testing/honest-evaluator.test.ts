import { describe, expect, it } from 'vitest';
import { createFakeLlm } from './fake-llm.js';
import { researchFixtures } from './fixture-run.js';
import { honestEvaluationReply, honestFinalEvaluation, shownAnswer } from './honest-evaluator.js';
import {
  cooperativeObject,
  cooperativeText,
  HEIGHT_FINDING,
  HEIGHT_PLAN,
  READY,
} from './research-fixtures.js';

const REFERENCE =
  '[1] https://example.com/eiffel (published: unknown; quote found in the source and supports its sentences): "The tower is 330 metres tall."';
const UNVERIFIED =
  '[2] https://example.org/paris (published: unknown; quote NOT verified): "Paris has many landmarks."';

/** An evaluator prompt as the engine writes it: question, plan, answer, references, claim check. */
function prompt(options: {
  answer: string;
  references?: string[];
  claims?: [number, number];
  plan?: string[];
}) {
  return [
    '<question>\nHow tall is the Eiffel Tower?\n</question>',
    ...(options.plan ? [`<plan>\n${options.plan.join('\n')}\n</plan>`] : []),
    `<answer>\n${options.answer}\n</answer>`,
    options.references && options.references.length > 0
      ? `<references>\n${options.references.join('\n')}\n</references>`
      : 'The answer has no references.',
    ...(options.claims
      ? [
          // As the engine's claim-check summary words it (`claimCheckSummary`).
          options.claims[1] === 0
            ? 'No factual sentence was checked.'
            : `${options.claims[0]} of ${options.claims[1]} factual sentences supported (50%; 60% needed). Unsupported sentences were removed from the answer.`,
        ]
      : []),
  ].join('\n\n');
}

const passes = (reply: ReturnType<typeof honestEvaluationReply>) =>
  reply.checks.map((check) => [check.check, check.pass]);

describe('honest evaluation checks', () => {
  it('pass an answer whose every sentence cites a verified quote', () => {
    const reply = honestEvaluationReply(
      prompt({ answer: 'The tower is 330 metres tall [1].', references: [REFERENCE] }),
    );
    expect(reply.checks.every((check) => check.pass)).toBe(true);
  });

  it('fail an answer citing nothing, naming why', () => {
    const reply = honestEvaluationReply(prompt({ answer: 'The tower is tall.' }));
    expect(reply.checks.every((check) => !check.pass)).toBe(true);
    expect(reply.checks[0]?.think).toContain('cites no source');
  });

  it('fail an answer stating a figure no reference holds, or one with an unverified reference', () => {
    const uncited = honestEvaluationReply(
      prompt({
        answer:
          'The tower is 330 metres tall [1]. It is repainted every 7 years at a cost of 4 million euros.',
        references: [REFERENCE],
      }),
    );
    expect(uncited.checks.every((check) => !check.pass)).toBe(true);
    expect(uncited.checks[0]?.think).toContain('4 million euros');
    const unverified = honestEvaluationReply(
      prompt({
        answer: 'The tower is 330 metres tall [1]. Paris has landmarks [2].',
        references: [REFERENCE, UNVERIFIED],
      }),
    );
    expect(unverified.checks[0]).toMatchObject({
      pass: false,
      think: expect.stringContaining('not verified'),
    });
  });

  it('fail definitive alone for an answer that hedges', () => {
    const reply = honestEvaluationReply(
      prompt({
        answer: 'The exact height is unclear, though one page gives 330 metres [1].',
        references: [REFERENCE],
      }),
    );
    expect(passes(reply)).toEqual([
      ['definitive', false],
      ['freshness', true],
      ['plurality', true],
      ['completeness', true],
      ['strict', true],
    ]);
  });

  it('read no further than a "Could not be verified" list the engine adds after the answer', () => {
    const shown = shownAnswer(
      prompt({
        answer: 'The tower is 330 metres tall [1].\n\nCould not be verified:\n- It is 512 metres tall.',
        references: [REFERENCE],
      }),
    );
    expect(shown.uncitedFacts).toEqual([]);
    const report = shownAnswer(
      prompt({
        answer:
          '# Report\n\nThe tower is 330 metres tall [1].\n\n## References\n\n1. [Eiffel Tower facts](https://example.com/eiffel)\n   > The tower is 330 metres tall.',
        references: [REFERENCE],
      }),
    );
    expect(report.uncitedFacts).toEqual([]);
  });
});

describe('honest final evaluation', () => {
  it('scores an answer without references 0 for accuracy and source quality, and says why', () => {
    const evaluation = honestFinalEvaluation(prompt({ answer: 'The tower is tall.', claims: [0, 0] }));
    expect(evaluation.scores).toMatchObject({ accuracy: 0, sourceQuality: 0 });
    expect(evaluation.weaknesses.join(' ')).toContain('cites no source');
    expect(evaluation.strengths).toEqual([]);
  });

  it('scores accuracy by the supported share, completeness by the ticked sub-questions', () => {
    const evaluation = honestFinalEvaluation(
      prompt({
        answer: 'The tower is 330 metres tall [1]. It is 512 metres wide [1].',
        references: [REFERENCE],
        claims: [1, 2],
        plan: ['- [x] q1 (explore): How tall is it?', '- [ ] q2 (related): When was it built?'],
      }),
    );
    expect(evaluation.scores).toMatchObject({ accuracy: 5, completeness: 5, sourceQuality: 6 });
    expect(evaluation.weaknesses.join(' ')).toContain('Only 1 of its 2 factual sentences are supported');
  });

  it('scores a fully supported answer from two hosts high', () => {
    const second = REFERENCE.replace('[1] https://example.com/eiffel', '[2] https://example.net/history');
    const evaluation = honestFinalEvaluation(
      prompt({
        answer: 'The tower is 330 metres tall [1][2].',
        references: [REFERENCE, second],
        claims: [1, 1],
        plan: ['- [x] q1 (explore): How tall is it?'],
      }),
    );
    expect(evaluation.scores).toEqual({ relevance: 8, accuracy: 10, completeness: 10, sourceQuality: 8 });
    expect(evaluation.strengths.length).toBeGreaterThan(0);
  });
});

describe('the engine with the default (honest) evaluator', () => {
  it('rejects an answer stating an uncited figure instead of accepting it', async () => {
    const llm = createFakeLlm({
      object: cooperativeObject({
        plan: () => HEIGHT_PLAN,
        action: (step) =>
          step === 0
            ? { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } }
            : { think: 'Done.', action: READY },
        findings: () => ({ findings: [HEIGHT_FINDING] }),
      }),
      text: (call) => `${cooperativeText(call)} It is repainted every 7 years at a cost of 4 million euros.`,
    });
    const { result, events } = await researchFixtures(llm, { maxSteps: 4 });
    const evaluations = events.flatMap((event) => (event.type === 'evaluation' ? [event] : []));
    expect(evaluations.length).toBeGreaterThan(0);
    expect(evaluations.every((event) => !event.pass)).toBe(true);
    // The engine's own claim check fails the draft first; the sentence is named among the unsupported.
    expect(evaluations[0]?.checks.find((check) => !check.pass)?.reason).toMatch(/supported/);
    expect(result.claims.unsupported.map((claim) => claim.text).join(' ')).toContain('4 million euros');
    expect(result.answer.split('Could not be verified')[0]).not.toContain('4 million euros');
    expect(result.stopReason).not.toBe('evaluation_passed');
    expect(result.evaluation?.scores.accuracy ?? 0).toBeLessThan(10);
  });
});
