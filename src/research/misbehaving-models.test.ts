/**
 * The engine with models that misbehave the way small or careless ones do, against the honest
 * default judge and evaluator of `src/testing/`: an extractor quoting a fragment, a planner saying
 * ready with no evidence, a judge returning garbage, a writer contradicting its quote, and one
 * ignoring the feedback to revise. None of them may end with the claim presented as verified.
 */
import { describe, expect, it } from 'vitest';
import { createFakeLlm } from '../testing/fake-llm.js';
import { researchFixtures } from '../testing/fixture-run.js';
import {
  type CooperativeOverrides,
  cooperativeObject,
  cooperativeText,
  HEIGHT_FINDING,
  HEIGHT_PLAN,
  READY,
} from '../testing/research-fixtures.js';

const readThenReady = (step: number) =>
  step === 0
    ? { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } }
    : { think: 'Done.', action: READY };

/** A run over the fixtures with one sub-question (the height), the first page read, then ready. */
function run(overrides: CooperativeOverrides, text: (call: Parameters<typeof cooperativeText>[0]) => string) {
  const llm = createFakeLlm({
    object: cooperativeObject({ plan: () => HEIGHT_PLAN, action: readThenReady, ...overrides }),
    text,
  });
  return { llm };
}

describe('the engine with misbehaving models', () => {
  it('an extractor quoting a fragment: the sentence citing it is unsupported, its reference not verified', async () => {
    const fragment = { ...HEIGHT_FINDING, quotes: ['330 metres tall'] };
    const { llm } = run(
      { findings: () => ({ findings: [fragment] }) },
      () => 'The tower is 330 metres tall [F1].',
    );
    const { result } = await researchFixtures(llm, { maxSteps: 4 });
    expect(result.claims.supported).toBe(0);
    expect(result.claims.unsupported.map((claim) => claim.text)).toEqual(['The tower is 330 metres tall.']);
    expect(result.references.every((reference) => !reference.verified)).toBe(true);
    // A reference that is not verified has no relevance: /v1's min_annotation_relevance drops it.
    expect(result.references.map((reference) => reference.relevance)).toEqual(result.references.map(() => 0));
    expect(result.stopReason).not.toBe('evaluation_passed');
  });

  it('a planner saying ready with no evidence gets no answer accepted', async () => {
    const { llm } = run({ action: () => ({ think: 'I know it.', action: READY }) }, cooperativeText);
    const { result, events } = await researchFixtures(llm, { maxSteps: 3 });
    // The reply is refused and the engine researches in its place (issue 24's default policy):
    // whatever answer comes out stands on findings it read, never on the planner's say-so.
    expect(
      events.some(
        (event) =>
          event.type === 'thought' && /reply was refused: ready without any finding/.test(event.text),
      ),
    ).toBe(true);
    const findings = events.filter((event) => event.type === 'finding');
    if (findings.length === 0) {
      expect(events.some((event) => event.type === 'evaluation' && event.pass)).toBe(false);
      expect(result.claims.supported).toBe(0);
    }
    expect(result.references.every((reference) => reference.verified)).toBe(true);
  });

  it('a judge returning garbage leaves every claim unchecked, never supported', async () => {
    const { llm } = run({ verdicts: () => ({ verdicts: 'all good' }) }, cooperativeText);
    const { result } = await researchFixtures(llm, { maxSteps: 4 });
    expect(result.claims.total).toBeGreaterThan(0);
    expect(result.claims.supported).toBe(0);
    expect(result.references.every((reference) => !reference.verified)).toBe(true);
    expect(result.stopReason).not.toBe('evaluation_passed');
  });

  it('a writer contradicting its quote is caught although the figures match', async () => {
    const { llm } = run(
      { findings: () => ({ findings: [HEIGHT_FINDING] }) },
      () => 'The tower is not 330 metres tall [F1].',
    );
    const { result } = await researchFixtures(llm, { maxSteps: 4 });
    expect(result.claims.unsupported.map((claim) => claim.text)).toEqual([
      'The tower is not 330 metres tall.',
    ]);
    expect(result.claims.supported).toBe(0);
    expect(result.stopReason).not.toBe('evaluation_passed');
  });

  it('a writer ignoring the feedback keeps its misstated figure unsupported after the revision', async () => {
    const misstated = 'The tower is 300 metres tall [F1].';
    const { llm } = run(
      {
        findings: () => ({ findings: [HEIGHT_FINDING] }),
        revisions: () => ({ revisions: [{ claim: 1, text: misstated }] }),
      },
      () => misstated,
    );
    const { result } = await researchFixtures(llm, { maxSteps: 4 });
    expect(llm.calls.some((call) => call.schemaName === 'revisions')).toBe(true);
    expect(result.claims.unsupported).toEqual([
      { text: 'The tower is 300 metres tall.', reason: expect.stringMatching(/300 metres/) },
    ]);
    expect(result.answer).not.toMatch(/300 metres tall \[\d+\]/);
    expect(result.evaluation?.scores.accuracy ?? 0).toBe(0);
  });
});
