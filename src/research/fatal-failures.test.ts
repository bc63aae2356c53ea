import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { LlmError } from '../llm/errors.js';
import { createFakeLlm, type FakeLlmOptions } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  HEIGHT_PLAN,
  PAGES,
  QUESTION,
  RESULTS,
} from '../testing/research-fixtures.js';
import { research } from './index.js';

/** The provider refused the key: no later call can succeed. */
const rejected = () =>
  new LlmError({
    code: 'authentication',
    model: 'openai:gpt-4o-mini',
    message: 'OPENAI_API_KEY was rejected (401); check the key.',
  });

/** A planner that only searches, so the run reaches its step cap and the final answer is forced. */
const searchOnly = (step: number) => ({
  think: 'Search more.',
  action: { type: 'search', queries: [`eiffel tower ${step}`] },
});

/** Where the key is refused: each is a model call a different part of the engine makes. */
const refusedIn: { where: string; llm: FakeLlmOptions; maxSteps?: number }[] = [
  {
    where: 'the planner, in the loop',
    llm: {
      object: cooperativeObject({ plan: () => HEIGHT_PLAN, action: () => rejected() }),
      text: cooperativeText,
    },
  },
  {
    where: 'the critique before writing',
    llm: {
      object: cooperativeObject({ plan: () => HEIGHT_PLAN, critique: () => rejected() }),
      text: cooperativeText,
    },
  },
  {
    where: 'the final answer after a cap',
    llm: {
      object: cooperativeObject({ plan: () => HEIGHT_PLAN, action: searchOnly }),
      text: () => rejected(),
    },
    maxSteps: 2,
  },
  {
    where: 'the final evaluation of an accepted answer',
    llm: {
      object: cooperativeObject({ plan: () => HEIGHT_PLAN, finalEvaluation: () => rejected() }),
      text: cooperativeText,
    },
  },
];

describe('a model whose key is refused', () => {
  it.each(refusedIn)('ends the run the same way when $where meets it', async ({ llm: script, maxSteps }) => {
    const llm = createFakeLlm(script);
    const events: ResearchEvent[] = [];
    const result = await research(
      { question: QUESTION, noDirectAnswer: true, ...(maxSteps ? { maxSteps } : {}) },
      {
        llm,
        searchProviders: [createFakeSearch(RESULTS)],
        reader: createFakeReader(PAGES),
        onEvent: (event) => events.push(event),
      },
    );
    expect(result).toMatchObject({
      status: 'failed',
      stopReason: 'authentication',
      answer: '',
      error: { code: 'authentication' },
    });
    expect(result.error?.message).toContain('OPENAI_API_KEY');
    expect(result.evaluation).toBeUndefined();
    // The refused call is the last one: nothing asks the model again once it can no longer answer.
    const refusedCalls = llm.calls.filter(
      (call) =>
        call.schemaName === 'next_action' ||
        call.schemaName === 'critique' ||
        call.schemaName === 'final_evaluation' ||
        call.kind === 'text',
    );
    expect(llm.calls.at(-1)).toBe(refusedCalls.at(-1));
    // Not a warning the run went on past, but the run's error.
    expect(events.filter((event) => event.type === 'warning' && event.code === 'authentication')).toEqual([]);
    expect(events.at(-2)).toMatchObject({ type: 'run-error', code: 'authentication' });
    expect(events.at(-1)).toMatchObject({ type: 'run-end', status: 'failed', stopReason: 'authentication' });
  });
});
