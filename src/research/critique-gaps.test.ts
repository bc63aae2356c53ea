import { describe, expect, it } from 'vitest';
import type { ResearchEvent, SubQuestion } from '../contract/index.js';
import { createFakeLlm } from '../testing/fake-llm.js';
import { researchFixtures } from '../testing/fixture-run.js';
import { cooperativeObject, cooperativeText, HEIGHT_FINDING, READY } from '../testing/research-fixtures.js';
import { MAX_GAP_SUB_QUESTIONS } from './constants.js';
import type { ResearchOptions } from './types.js';

async function run(
  overrides: Parameters<typeof cooperativeObject>[0],
  options: Partial<ResearchOptions> = {},
) {
  const llm = createFakeLlm({ object: cooperativeObject(overrides), text: cooperativeText });
  return { ...(await researchFixtures(llm, options)), llm };
}

/** The checklist as the last plan event shows it. */
function lastPlan(events: readonly ResearchEvent[]): SubQuestion[] {
  const plan = events.filter((event) => event.type === 'plan').at(-1);
  return plan?.type === 'plan' ? plan.subQuestions : [];
}

const evaluationsOf = (events: readonly ResearchEvent[]) =>
  events.flatMap((event) => (event.type === 'evaluation' ? [event] : []));

const BOTH_PAGES = {
  think: 'Read.',
  action: { type: 'read', urls: ['https://example.com/eiffel', 'https://example.org/paris'] },
};
const READY_STEP = { think: 'Ready.', action: READY };

describe('critique gaps as sub-questions', () => {
  it('turns two gaps into open sub-questions the finish guard holds the answer to until each is settled', async () => {
    const script = [
      BOTH_PAGES,
      READY_STEP,
      // A planner that says ready again at once, ignoring the gaps: the default policy searches q3.
      READY_STEP,
      { think: 'Fill the first gap.', action: { type: 'read', urls: ['https://example.net/history'] } },
      {
        think: 'Nobody says who paid.',
        action: {
          type: 'reflect',
          addSubQuestions: [],
          closeSubQuestions: [{ id: 'q4', note: 'No page read names who paid.', unanswerable: true }],
        },
      },
      READY_STEP,
    ];
    const { result, events, llm } = await run({
      action: (step) => script[Math.min(step, script.length - 1)],
      critique: () => ({
        think: 'Two things are missing.',
        gaps: [
          { question: 'When did construction begin?', intent: 'deep-dive', perspective: '' },
          { question: 'Who paid for the tower?', intent: 'explore', perspective: 'main' },
        ],
        weakClaims: [],
      }),
    });
    const plan = lastPlan(events);
    expect(plan.map((item) => item.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(plan.slice(2).map((item) => [item.text, item.intent, item.origin])).toEqual([
      ['When did construction begin?', 'deep-dive', 'critique'],
      ['Who paid for the tower?', 'explore', 'critique'],
    ]);
    const evaluations = evaluationsOf(events);
    const refused = evaluations[0]?.checks.find((check) => check.type === 'coverage');
    expect(evaluations[0]?.pass).toBe(false);
    // q3 was covered by the gap steps (the policy's search, the planner's read); q4 was not.
    expect(refused?.reason).not.toContain('q3');
    expect(refused?.reason).toContain('q4 "Who paid for the tower?" (no finding)');
    expect(
      events.some(
        (event) =>
          event.type === 'thought' &&
          event.text.startsWith("The planner's reply was ignored the critique's open gaps q3, q4"),
      ),
    ).toBe(true);
    // The planner was told to cover them, in the step right after the critique.
    const planner = llm.calls.filter((call) => call.schemaName === 'next_action');
    expect(planner[2]?.prompt).toContain(
      'cover q3 "When did construction begin?", q4 "Who paid for the tower?"',
    );
    expect(planner[2]?.prompt).toContain('q3 (deep-dive, from the critique): When did construction begin?');
    // q3 covered by the history page's finding, q4 declared unanswerable: the answer goes through.
    expect(result.stopReason).toBe('evaluation_passed');
    expect(evaluations.at(-1)?.pass).toBe(true);
    const q4 = plan.find((item) => item.id === 'q4');
    expect(q4?.note).toBe('cannot be answered from available sources: No page read names who paid.');
    // The result says where each sub-question stood.
    expect(result.subQuestions?.map((item) => [item.id, item.outcome])).toEqual([
      ['q1', 'covered'],
      ['q2', 'covered'],
      ['q3', 'covered'],
      ['q4', 'unanswerable'],
    ]);
    expect(result.subQuestions?.[3]?.note).toContain('No page read names who paid.');
  });

  it('adds no sub-question for a gap that repeats one already listed or the question', async () => {
    const { events } = await run({
      action: (step) => [BOTH_PAGES, READY_STEP][Math.min(step, 1)],
      critique: () => ({
        think: 'Repeats.',
        gaps: [
          'What is the height of the Eiffel Tower?',
          'the HEIGHT of the  eiffel tower',
          { question: 'When was the tower completed', intent: 'explore', perspective: '' },
          'How tall is the Eiffel Tower?',
          // A malformed gap with a question is kept with the default intent; junk is dropped.
          { question: 'When did construction begin?', intent: 'guess' },
          { intent: 'explore' },
          42,
        ],
        // A malformed list of weak claims costs only itself.
        weakClaims: 'none really',
      }),
    });
    const plan = lastPlan(events);
    expect(plan.map((item) => item.text)).toEqual([
      'What is the height of the Eiffel Tower?',
      'When was the tower completed?',
      'When did construction begin?',
    ]);
    expect(plan[2]).toMatchObject({ id: 'q3', intent: 'deep-dive', origin: 'critique' });
  });

  it('turns a gap repeating a listed, still uncovered sub-question into a reminder to cover it', async () => {
    const { events, llm } = await run({
      action: (step) => [BOTH_PAGES, READY_STEP][Math.min(step, 1)],
      // Every finding answers q1: q2 stays uncovered.
      findings: (call) => {
        const eiffel = /<source url="https:\/\/example\.com\/eiffel" id="(\d+)"/.exec(call.prompt);
        return { findings: eiffel ? [{ ...HEIGHT_FINDING, source: Number(eiffel[1]) }] : [] };
      },
      critique: () => ({ think: 'The date.', gaps: ['When was the tower completed'], weakClaims: [] }),
    });
    expect(lastPlan(events)).toHaveLength(2);
    const planner = llm.calls.filter((call) => call.schemaName === 'next_action');
    expect(planner[2]?.prompt).toContain('cover q2 "When was the tower completed?"');
  });

  it(`adds at most ${MAX_GAP_SUB_QUESTIONS} sub-questions from a critique that lists thirty gaps`, async () => {
    const topics = 'wind paint lifts rivets lights radio tourism films stairs restaurant'.split(' ');
    const gaps = Array.from(
      { length: 30 },
      (_, index) => `What about the ${topics[index % 10]} in era ${1900 + index}?`,
    );
    const { events, result } = await run(
      {
        action: (step) => [BOTH_PAGES, READY_STEP][Math.min(step, 1)],
        critique: () => ({ think: 'Everything is missing.', gaps, weakClaims: [] }),
      },
      { maxSteps: 6 },
    );
    const added = lastPlan(events).filter((item) => item.origin === 'critique');
    expect(added.map((item) => item.id)).toEqual(['q3', 'q4', 'q5'].slice(0, MAX_GAP_SUB_QUESTIONS));
    expect(
      events.some(
        (event) =>
          event.type === 'observation' && event.text.includes('27 more gaps past the cap of 3 dropped'),
      ),
    ).toBe(true);
    expect(result.steps).toBeLessThanOrEqual(6);
  });

  it('researches the gaps itself when the planner ignores them and keeps saying ready, within its budget', async () => {
    const { result, events } = await run(
      {
        action: (step) => [BOTH_PAGES, READY_STEP][Math.min(step, 1)],
        critique: () => ({
          think: 'Gaps.',
          gaps: ['When did construction begin?', 'Who paid for the tower?'],
          weakClaims: ['The tower was repainted in 2020.'],
        }),
      },
      { maxSteps: 10 },
    );
    expect(result.steps).toBeLessThanOrEqual(10);
    expect(result.status).toBe('best_effort');
    expect(result.answer).not.toBe('');
    // Never accepted: every evaluation the guard saw refused the uncovered gaps.
    for (const evaluation of evaluationsOf(events)) expect(evaluation.pass).toBe(false);
    // The default policy searched and read for the gaps: the history page covers q3; no page says who paid.
    expect(result.subQuestions?.find((item) => item.id === 'q3')?.outcome).toBe('covered');
    expect(result.references.length).toBeGreaterThan(0);
    expect(result.references.every((reference) => reference.verified)).toBe(true);
    // The result says what was left unanswered, and completeness is not scored as if it were answered.
    expect(result.evaluation?.weaknesses.join(' ')).toContain(
      'Left unanswered: q4 "Who paid for the tower?" (no finding)',
    );
    expect(result.evaluation?.scores.completeness).toBeLessThan(8);
    expect(result.subQuestions?.filter((item) => item.outcome === 'open')).toEqual([
      expect.objectContaining({ id: 'q4', origin: 'critique', note: 'no finding' }),
    ]);
    // The weak claim stays a note for the planner, not a sub-question.
    expect(
      events.some(
        (event) =>
          event.type === 'knowledge-add' && event.item.content.includes('The tower was repainted in 2020.'),
      ),
    ).toBe(true);
  });

  it('writes once the gap steps run out, and a planner that never fills the gaps still ends within --max-steps', async () => {
    const script = (step: number) =>
      step === 1
        ? READY_STEP
        : step === 0
          ? BOTH_PAGES
          : // Keeps searching for something else and never covers the gaps, nor says ready again.
            { think: 'Search more.', action: { type: 'search', queries: [`eiffel ${step}`] } };
    const { result, events, llm } = await run(
      {
        action: script,
        critique: () => ({ think: 'Gaps.', gaps: ['Who paid for the tower?'], weakClaims: [] }),
        // Findings only ever answer q1, from the Eiffel page, whatever is read.
        findings: (call) => {
          const eiffel = /<source url="https:\/\/example\.com\/eiffel" id="(\d+)"/.exec(call.prompt);
          return { findings: eiffel ? [{ ...HEIGHT_FINDING, source: Number(eiffel[1]) }] : [] };
        },
      },
      { maxSteps: 8, gapSteps: 2 },
    );
    // The critique's step, two gap steps, then the writer without a planner call.
    const names = llm.calls.map((call) => call.schemaName ?? call.kind);
    const critiqueAt = names.indexOf('critique');
    const firstDraft = events.findIndex((event) => event.type === 'answer-draft');
    expect(firstDraft).toBeGreaterThan(-1);
    expect(
      names.slice(critiqueAt + 1).filter((name) => name === 'next_action').length,
    ).toBeGreaterThanOrEqual(2);
    expect(
      events.some((event) => event.type === 'thought' && event.text.includes('gap-filling steps are used')),
    ).toBe(true);
    expect(result.steps).toBeLessThanOrEqual(8);
    expect(result.status).toBe('best_effort');
    expect(result.answer).not.toBe('');
    expect(result.evaluation?.weaknesses.join(' ')).toContain('q3 "Who paid for the tower?" (no finding)');
  });
});
