import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  FAIL,
  HEIGHT_PLAN,
  PAGES,
  PASS,
  QUESTION,
  READY,
  RESULTS,
} from '../testing/research-fixtures.js';
import { research } from './index.js';

/** Pages read one a step: the Eiffel page, then pages that each add a fact about the tower. */
const PAGE = (url: string) =>
  PAGES[url] ?? {
    title: `Tower page ${url.split('/').pop()}`,
    text: `The tower is 330 metres tall, page ${url.split('/').pop()} says, counting its antennas.`,
  };

/** Reads a page, says ready, reads another, says ready. */
function readThenReady(step: number) {
  return step % 2 === 0
    ? { think: 'Read.', action: { type: 'read', urls: [`https://pages.example/${step}`] } }
    : { think: 'Ready.', action: READY };
}

/** A run whose first answer the evaluator rejects (definitive fails once), with `stepAnalysis` replies. */
async function rejectedOnce(
  stepAnalysis?: (call: FakeLlmCall, count: number) => unknown,
  resumeFrom?: ResearchEvent[],
) {
  const events: ResearchEvent[] = [];
  const llm = createFakeLlm({
    object: cooperativeObject({
      plan: () => HEIGHT_PLAN,
      action: readThenReady,
      check: (check, attempt) => (check === 'definitive' && attempt === 0 ? FAIL : PASS),
      ...(stepAnalysis ? { stepAnalysis } : {}),
    }),
    text: cooperativeText,
  });
  const result = await research(
    { question: QUESTION, breadth: 1, noDirectAnswer: true },
    {
      llm,
      searchProviders: [createFakeSearch(RESULTS)],
      reader: createFakeReader(PAGE),
      onEvent: (event) => events.push(event),
      ...(resumeFrom ? { resumeFrom } : {}),
    },
  );
  const analysisAt = llm.calls.findIndex((call) => call.schemaName === 'step_analysis');
  const nextPlannerPrompt = llm.calls
    .slice(analysisAt + 1)
    .find((call) => call.schemaName === 'next_action')?.prompt;
  return { result, events, llm, analysisAt, nextPlannerPrompt: nextPlannerPrompt ?? '' };
}

describe('step analysis after a rejected answer', () => {
  it("writes a recap, what went wrong and what to change, which the planner's next prompt shows", async () => {
    const { result, events, llm, analysisAt, nextPlannerPrompt } = await rejectedOnce();
    expect(result.status).toBe('completed');
    expect(analysisAt).toBeGreaterThan(0);
    const analysisCall = llm.calls[analysisAt];
    // The analysis sees the evaluator's reason and the steps the planner took.
    expect(analysisCall?.prompt).toContain('<rejection>\ndefinitive check failed: Not good enough.');
    expect(analysisCall?.prompt).toMatch(/<your-last-steps>\n- step \d+: thought "Read\."/);
    expect(nextPlannerPrompt).toContain('<step-analysis>');
    expect(nextPlannerPrompt).toContain(
      '- what went wrong: The answer was rejected because: definitive check failed: Not good enough.',
    );
    expect(nextPlannerPrompt).toContain(
      '- what to change: Search for sources that settle the rejected points',
    );
    const observation = events.find(
      (event) => event.type === 'observation' && event.text.startsWith('Step analysis of answer 1:'),
    );
    expect(observation).toBeDefined();
    // One analysis for one rejection.
    expect(llm.calls.filter((call) => call.schemaName === 'step_analysis')).toHaveLength(1);
  });

  it.each([
    ['garbage that fails the schema', () => 'lol', 'The step analysis (skipped) failed'],
    ['empty parts', () => ({ recap: 'ok', blame: '', improvement: ' ' }), 'a part is empty or too short'],
    [
      'a refusal',
      () => ({
        recap: "I'm sorry, I cannot help with that request.",
        blame: 'I cannot analyse these steps for you.',
        improvement: 'Please ask something else instead.',
      }),
      'the model refused',
    ],
    [
      'one sentence three times',
      () => ({
        recap: 'Search more pages now.',
        blame: 'Search more pages now.',
        improvement: 'Search more pages now.',
      }),
      'its parts repeat each other',
    ],
  ])('skips %s with a warning, and the run goes on without it', async (_name, reply, warning) => {
    const { result, events, nextPlannerPrompt } = await rejectedOnce(reply);
    expect(result.status).toBe('completed');
    expect(nextPlannerPrompt).not.toBe('');
    expect(nextPlannerPrompt).not.toContain('<step-analysis>');
    // The evaluator's feedback still reaches the planner through its notes.
    expect(nextPlannerPrompt).toContain('definitive check failed: Not good enough.');
    const warnings = events.flatMap((event) => (event.type === 'warning' ? [event.message] : []));
    expect(warnings.some((message) => message.includes(warning))).toBe(true);
  });

  it('comes back when an interrupted run resumes after it, and not after a rejection left unanalysed', async () => {
    const { events } = await rejectedOnce();
    const analysed = events.findIndex((event) => event.type === 'observation' && event.stepAnalysis);
    expect(analysed).toBeGreaterThan(0);
    // The process died just after the step that analysed it: the resumed planner still reads it.
    const step = events[analysed]?.step;
    const ended = events.findIndex(
      (event, index) => index > analysed && event.type === 'step-end' && event.step === step,
    );
    expect(ended).toBeGreaterThan(analysed);
    const resumed = await rejectedOnce(
      () => {
        throw new Error('a resumed run must not analyse the same answer again');
      },
      events.slice(0, ended + 1),
    );
    const firstPrompt = resumed.llm.calls.find((call) => call.schemaName === 'next_action')?.prompt ?? '';
    expect(firstPrompt).toContain('<step-analysis>');
    expect(firstPrompt).toContain('- what to change: Search for sources that settle the rejected points');
    // It died between the rejection and its analysis: no stale analysis is shown.
    const rejected = events.findIndex((event) => event.type === 'evaluation' && !event.pass);
    const early = await rejectedOnce(undefined, [
      ...events.slice(0, ended + 1),
      ...events.slice(rejected, rejected + 1),
    ]);
    const earlyPrompt = early.llm.calls.find((call) => call.schemaName === 'next_action')?.prompt ?? '';
    expect(earlyPrompt).not.toBe('');
    expect(earlyPrompt).not.toContain('<step-analysis>');
  });
});
