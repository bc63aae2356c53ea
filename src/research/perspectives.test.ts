import { describe, expect, it } from 'vitest';
import type { Perspective, ResearchEvent, SubQuestion } from '../contract/index.js';
import { createFakeLlm } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import { researchFixtures } from '../testing/fixture-run.js';
import {
  cooperativeObject,
  cooperativeText,
  PAGES,
  QUESTION,
  READY,
  RESULTS,
} from '../testing/research-fixtures.js';
import { MAX_PERSPECTIVES, MAX_PLAN_SUB_QUESTIONS } from './constants.js';
import { research } from './index.js';
import type { ResearchOptions } from './types.js';

async function run(
  overrides: Parameters<typeof cooperativeObject>[0],
  options: Partial<ResearchOptions> = {},
) {
  const llm = createFakeLlm({ object: cooperativeObject(overrides), text: cooperativeText });
  return { ...(await researchFixtures(llm, options)), llm };
}

/** The first and the last plan event's checklist and perspectives. */
function plans(events: readonly ResearchEvent[]) {
  const all = events.flatMap((event) => (event.type === 'plan' ? [event] : []));
  const view = (event: (typeof all)[number] | undefined) => ({
    subQuestions: (event?.subQuestions ?? []) as SubQuestion[],
    perspectives: (event?.perspectives ?? []) as Perspective[],
  });
  return { first: view(all[0]), last: view(all.at(-1)) };
}

const read = (...urls: string[]) => ({ think: 'Read.', action: { type: 'read', urls } });

describe('planning by perspectives', () => {
  it('puts each sub-question in a perspective and shows the planner which have no finding yet', async () => {
    const plan = {
      think: 'The height, and how it came to be.',
      trivial: false,
      perspectives: [
        { name: 'Height', focus: 'how tall the tower is' },
        { name: 'History', focus: 'how it was built' },
      ],
      subQuestions: [
        { text: 'What is the height of the Eiffel Tower?', intent: 'explore', perspective: 'Height' },
        { text: 'When did construction begin?', intent: 'related', perspective: 'history' },
      ],
    };
    const script = [
      read('https://example.com/eiffel', 'https://example.org/paris'),
      { think: 'Ready.', action: READY },
      read('https://example.net/history'),
      { think: 'Ready now.', action: READY },
    ];
    const { result, events, llm } = await run({
      plan: () => plan,
      action: (step) => script[Math.min(step, script.length - 1)],
    });
    const { first } = plans(events);
    expect(first.perspectives).toEqual([
      { id: 'p1', name: 'Height', focus: 'how tall the tower is' },
      { id: 'p2', name: 'History', focus: 'how it was built' },
    ]);
    expect(first.subQuestions.map((item) => [item.id, item.perspective, item.origin])).toEqual([
      ['q1', 'p1', 'plan'],
      ['q2', 'p2', 'plan'],
    ]);
    const planner = llm.calls.filter((call) => call.schemaName === 'next_action');
    // After reading two pages about the height: the History perspective has nothing, and is named.
    expect(planner[1]?.prompt).toContain('Perspective "History" (how it was built):');
    expect(planner[1]?.prompt).toMatch(
      /Perspectives: Height \(q1\): \d+ findings; History \(q2\): no finding yet/,
    );
    expect(planner[1]?.prompt).toContain('No finding yet for "History" (q2): research it next');
    // The finish guard names the perspective without a finding.
    const evaluations = events.flatMap((event) => (event.type === 'evaluation' ? [event] : []));
    const coverage = evaluations[0]?.checks.find((check) => check.type === 'coverage');
    expect(coverage?.pass).toBe(false);
    expect(coverage?.reason).toContain('no finding yet for the perspective "History" (q2)');
    // Reading the history page covers it, and the answer goes through.
    expect(result.stopReason).toBe('evaluation_passed');
  });

  it('validates a misbehaving plan: too many, repeated or unknown perspectives, repeats, junk', async () => {
    const perspectives = [
      { name: 'Angle 0', focus: 'first' },
      { name: 'Tags </plan><plan>', focus: '<b>' },
      { name: '  angle   0 ', focus: 'the same name again' },
      null,
      'not an object',
      { name: '', focus: 'no name' },
      ...Array.from({ length: 40 }, (_, index) => ({ name: `Angle ${index + 1}`, focus: '' })),
    ];
    const subQuestions = [
      { text: 'What is the height of the Eiffel Tower?', intent: 'explore', perspective: 'Angle 0' },
      { text: 'Which markup matters?', intent: 'explore', perspective: 'Tags </plan><plan>' },
      { text: 'what is the  HEIGHT of the eiffel tower', intent: 'explore', perspective: 'Angle 1' },
      { text: 'Eiffel Tower height?', intent: 'fact-check', perspective: 'p2' },
      // A perspective clipped away, and one never named: the sub-question joins the perspective it
      // shares words with, or else `main`.
      { text: 'How many tower visitors come yearly?', intent: 'related', perspective: 'Angle 30' },
      { text: 'Who paid for its construction?', intent: 'related', perspective: 'Nowhere' },
      { text: 'Junk with an unknown intent', intent: 'guess', perspective: 'Angle 1' },
      ...Array.from({ length: 20 }, (_, index) => ({
        text: `Which landmark number ${index + 100} is nearby?`,
        intent: 'related',
        perspective: `Angle ${(index % 3) + 1}`,
      })),
    ];
    const { result, events } = await run(
      { plan: () => ({ think: 'Many angles.', trivial: false, perspectives, subQuestions }) },
      { maxSteps: 4 },
    );
    const { first } = plans(events);
    const ids = new Set(first.perspectives.map((item) => item.id));
    expect(first.perspectives.length).toBeLessThanOrEqual(MAX_PERSPECTIVES + 1);
    expect(new Set(first.perspectives.map((item) => item.name.toLowerCase())).size).toBe(
      first.perspectives.length,
    );
    expect(first.perspectives.map((item) => item.name)).not.toContain('Angle 30');
    // A name cannot open or close a prompt tag; the sub-question naming it still finds it.
    const tags = first.perspectives.find((item) => item.name.startsWith('Tags'));
    expect(tags).toMatchObject({ name: 'Tags /plan plan', focus: 'b' });
    expect(first.subQuestions.find((item) => item.text === 'Which markup matters?')?.perspective).toBe(
      tags?.id,
    );
    expect(first.subQuestions).toHaveLength(MAX_PLAN_SUB_QUESTIONS);
    expect(first.subQuestions.map((item) => item.text)).not.toContain(
      'what is the  HEIGHT of the eiffel tower',
    );
    expect(first.subQuestions.map((item) => item.text)).not.toContain('Eiffel Tower height?');
    expect(first.subQuestions.map((item) => item.text)).not.toContain('Junk with an unknown intent');
    for (const item of first.subQuestions) expect(ids.has(item.perspective ?? '')).toBe(true);
    const main = first.perspectives.find((item) => item.name === 'main');
    const visitors = first.subQuestions.find((item) => item.text === 'How many tower visitors come yearly?');
    const paid = first.subQuestions.find((item) => item.text === 'Who paid for its construction?');
    expect(visitors?.perspective).toBe('p1');
    expect(paid?.perspective).toBe(main?.id);
    // Every kept perspective has a sub-question.
    for (const perspective of first.perspectives) {
      expect(first.subQuestions.some((item) => item.perspective === perspective.id)).toBe(true);
    }
    expect(result.status).not.toBe('failed');
    expect(result.answer).not.toBe('');
  });

  it('falls back to the one perspective "main" when the plan names none, or names them as junk', async () => {
    for (const perspectives of [undefined, 'lots', [], [null, 42]]) {
      const plan = {
        think: 'Plan.',
        trivial: false,
        ...(perspectives === undefined ? {} : { perspectives }),
        subQuestions: [
          { text: 'What is the height of the Eiffel Tower?', intent: 'fact-check' },
          { text: 'When was the tower completed?', intent: 'related', perspective: 'History' },
        ],
      };
      const { result, events } = await run({ plan: () => plan });
      const { first } = plans(events);
      expect(first.perspectives).toEqual([{ id: 'p1', name: 'main', focus: 'the question as a whole' }]);
      expect(first.subQuestions.map((item) => item.perspective)).toEqual(['p1', 'p1']);
      expect(result.stopReason).toBe('evaluation_passed');
    }
  });

  it('keeps the perspectives when a run resumes from its events', async () => {
    const plan = {
      think: 'Two angles.',
      trivial: false,
      perspectives: [
        { name: 'Height', focus: '' },
        { name: 'History', focus: '' },
      ],
      subQuestions: [
        { text: 'What is the height of the Eiffel Tower?', intent: 'explore', perspective: 'Height' },
        { text: 'When did construction begin?', intent: 'related', perspective: 'History' },
      ],
    };
    const first = await run(
      { plan: () => plan, action: () => read('https://example.com/eiffel') },
      { maxSteps: 1 },
    );
    // The process died after the first step, before the step cap ended the research.
    const interrupted = first.events.slice(
      0,
      first.events.findIndex((event) => event.type === 'finish-guard'),
    );
    const llm = createFakeLlm({
      object: cooperativeObject({ action: () => ({ think: 'Ready.', action: READY }) }),
      text: cooperativeText,
    });
    const events: ResearchEvent[] = [];
    await research(
      { question: QUESTION, noDirectAnswer: true, maxSteps: 2 },
      {
        llm,
        searchProviders: [createFakeSearch(RESULTS)],
        reader: createFakeReader(PAGES),
        resumeFrom: interrupted,
        onEvent: (event) => events.push(event),
      },
    );
    expect(llm.calls.some((call) => call.schemaName === 'plan')).toBe(false);
    expect(plans(events).first.perspectives.map((item) => item.name)).toEqual(['Height', 'History']);
    const prompt = llm.calls.find((call) => call.schemaName === 'next_action')?.prompt ?? '';
    expect(prompt).toContain('Perspective "History":');
  });
});
