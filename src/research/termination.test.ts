import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import type { ResearchEvent, ResearchResult } from '../contract/index.js';
import { LlmError } from '../llm/errors.js';
import { createLlm } from '../llm/index.js';
import { seededRandom } from '../shared/index.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import { evaluationReply, honestFinalEvaluation } from '../testing/honest-evaluator.js';
import {
  CHECKS,
  cooperativeObject,
  cooperativeText,
  FAIL,
  HEIGHT_PLAN,
  PAGES,
  PASS,
  PLAN,
  QUESTION,
  READY,
  RESULTS,
} from '../testing/research-fixtures.js';
import { createScriptedModel, rateLimitError, serverError } from '../testing/scripted-model.js';
import { research } from './index.js';
import type { ResearchOptions } from './types.js';

/** Pages without end: `https://pages.example/<n>` says a new fact about the tower. */
const ENDLESS = (url: string) => {
  if (PAGES[url]) return PAGES[url];
  const number = url.split('/').pop();
  return {
    title: `Page ${number}`,
    text: `Fact number ${number} says the tower has ${number} levels of history.`,
  };
};

/** A planner that reads a new page, then says it is ready, and again, forever. */
function readThenReady(step: number) {
  return step % 2 === 0
    ? { think: 'Read.', action: { type: 'read', urls: [`https://pages.example/${step}`] } }
    : { think: 'Ready.', action: READY };
}

async function run(
  llm: ReturnType<typeof createFakeLlm>,
  options: Partial<ResearchOptions> = {},
  signal?: AbortSignal,
): Promise<{ result: ResearchResult; events: ResearchEvent[]; search: ReturnType<typeof createFakeSearch> }> {
  const events: ResearchEvent[] = [];
  const search = createFakeSearch(RESULTS);
  const result = await research(
    { question: QUESTION, breadth: 1, ...options },
    {
      llm,
      searchProviders: [search],
      reader: createFakeReader(ENDLESS),
      onEvent: (event) => events.push(event),
      ...(signal ? { signal } : {}),
    },
  );
  return { result, events, search };
}

function expectWellFormedEnd(events: ResearchEvent[], result: ResearchResult): void {
  expect(events.at(-1)).toMatchObject({
    type: 'run-end',
    status: result.status,
    stopReason: result.stopReason,
  });
  expect(events.map((event) => event.index)).toEqual(events.map((_, index) => index));
  if (result.status === 'failed') expect(events.at(-2)?.type).toBe('run-error');
}

// These runs play the planner step by step: one sub-question at a time (`breadth: 1`); research
// in breadth is tested in breadth.test.ts.
describe('termination', () => {
  it('ends at the answer-attempt cap when every answer fails evaluation (noDirectAnswer)', async () => {
    // Each attempt fails a different check, so no single check reaches its own limit.
    const failing = ['definitive', 'strict'];
    const llm = createFakeLlm({
      object: cooperativeObject({
        plan: () => HEIGHT_PLAN,
        action: readThenReady,
        check: (check, attempt) => (check === failing[attempt] ? FAIL : PASS),
      }),
      text: cooperativeText,
    });
    const { result, events } = await run(llm, { noDirectAnswer: true, maxAnswerAttempts: 2 });
    expect(result.stopReason).toBe('answer_attempts');
    expect(result.status).toBe('best_effort');
    expect(result.answer).not.toBe('');
    expect(events.filter((event) => event.type === 'evaluation')).toHaveLength(2);
    // plan + 2 × (read: action + extraction; ready: action + writer + judge + one batched evaluation
    // + the step analysis of the rejection) + check selection + critique (once) + final answer
    // (writer + judge) + final evaluation
    expect(llm.calls.length).toBeLessThanOrEqual(1 + 2 * 7 + 1 + 1 + 2 + 1);
    expect(llm.calls.filter((call) => call.schemaName === 'step_analysis')).toHaveLength(2);
    // No answer was accepted, so the plan's sub-questions stay open: the checklist does not pretend.
    const lastPlan = events.filter((event) => event.type === 'plan').at(-1);
    expect(lastPlan?.subQuestions.some((item) => item.status === 'open')).toBe(true);
    expectWellFormedEnd(events, result);
  });

  it('never accepts on weaker checks an answer strict rejected twice: ends best effort naming strict', async () => {
    const llm = createFakeLlm({
      object: cooperativeObject({
        plan: () => HEIGHT_PLAN,
        action: readThenReady,
        check: (check) => (check === 'strict' ? { ...FAIL, think: 'Claims lack sources.' } : PASS),
      }),
      text: cooperativeText,
    });
    const { result, events } = await run(llm, { noDirectAnswer: true, maxAnswerAttempts: 20 });
    const evaluations = events.flatMap((event) => (event.type === 'evaluation' ? [event] : []));
    // Every attempt is judged on every check, and strict is never dropped.
    expect(evaluations.map((event) => event.checks.map((check) => check.type))).toEqual([
      ['definitive', 'strict', 'coverage', 'claims'],
      ['definitive', 'strict', 'coverage', 'claims'],
    ]);
    expect(evaluations.every((event) => !event.pass)).toBe(true);
    expect(result.stopReason).toBe('check_failed');
    expect(result.status).toBe('best_effort');
    const guard = events.find((event) => event.type === 'finish-guard');
    expect(guard).toMatchObject({ reason: 'check_failed' });
    expect(guard?.type === 'finish-guard' && guard.message).toContain(
      'strict check rejected the answer 2 times',
    );
    expect(guard?.type === 'finish-guard' && guard.message).toContain('Claims lack sources.');
    expectWellFormedEnd(events, result);
  });

  it('returns the feedback of every failed check at once, and gates ready until new findings', async () => {
    const llm = createFakeLlm({
      object: cooperativeObject({
        plan: () => HEIGHT_PLAN,
        action: readThenReady,
        check: (check, attempt) =>
          attempt === 0 ? { think: `${check} is weak.`, pass: false, improvement: `Fix ${check}.` } : PASS,
      }),
      text: cooperativeText,
    });
    const { result } = await run(llm, { noDirectAnswer: true });
    expect(result.stopReason).toBe('evaluation_passed');
    const next = llm.calls.filter((call) => call.schemaName === 'next_action');
    const afterRejection = next.find((call) => call.prompt.includes('definitive check failed'));
    expect(afterRejection?.prompt).toContain('strict check failed: strict is weak. To improve: Fix strict.');
    expect(afterRejection?.prompt).toContain('ready is unavailable until new findings arrive');
  });

  it('grades every finished answer, forced ones included, and measures when the evaluator fails', async () => {
    const forced = createFakeLlm({
      object: cooperativeObject({ action: readThenReady, check: () => FAIL }),
      text: cooperativeText,
    });
    const { result, events } = await run(forced, { noDirectAnswer: true });
    expect(result.status).toBe('best_effort');
    expect(result.evaluation).toMatchObject({ method: 'model', strengths: [expect.any(String)] });
    for (const value of Object.values(result.evaluation?.scores ?? {})) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(10);
    }
    // The forced answer leaves sub-questions open: completeness cannot be scored full.
    expect(result.evaluation?.scores.completeness).toBeLessThan(8);
    expect(events.at(-1)).toMatchObject({ type: 'run-end', evaluation: result.evaluation });

    // An evaluator that flatters (11/10) is bounded; one that fails leaves measured scores.
    const flattering = createFakeLlm({
      object: cooperativeObject({
        finalEvaluation: () => ({
          scores: { relevance: 11, accuracy: 11, completeness: 11, sourceQuality: 11 },
          strengths: ['Perfect.'],
          weaknesses: [],
          recommendations: [],
        }),
      }),
      text: cooperativeText,
    });
    const bounded = await run(flattering, { noDirectAnswer: true });
    expect(bounded.result.evaluation?.scores.relevance).toBe(10);
    const broken = createFakeLlm({
      object: cooperativeObject({ finalEvaluation: () => ({ scores: 'great' }) }),
      text: cooperativeText,
    });
    const measured = await run(broken, { noDirectAnswer: true });
    expect(measured.result.status).toBe('completed');
    expect(measured.result.evaluation).toMatchObject({ method: 'measured' });
    expect(measured.result.evaluation?.weaknesses[0]).toContain('could not grade');
  });

  it('researches itself when the model says ready forever, and ends best effort when every check fails', async () => {
    const llm = createFakeLlm({
      object: cooperativeObject({
        action: (step) => (step === 0 ? readThenReady(0) : { think: 'Same.', action: READY }),
        check: () => FAIL,
      }),
      text: cooperativeText,
    });
    const { result, events, search } = await run(llm, { noDirectAnswer: true });
    // The refused "ready"s are replaced by the default policy: it searches the open sub-questions.
    expect(search.calls.length).toBeGreaterThan(0);
    expect(result.stopReason).toBe('check_failed');
    expect(result.status).toBe('best_effort');
    expect(events.filter((event) => event.type === 'answer-draft').length).toBeGreaterThanOrEqual(2);
    expectWellFormedEnd(events, result);
  });

  it('has the default policy research when every output is malformed, and ends when it has nothing new', async () => {
    const llm = createFakeLlm({
      object: () => '{"action": {"type": "sea',
      text: () => new LlmError({ code: 'invalid_output', model: 'fake:model', message: 'garbled' }),
    });
    const { result, events, search } = await run(llm, { maxConsecutiveFailures: 3 });
    // The plan failed, so the question is the one sub-question; the policy searched it and read.
    expect(search.calls.map((call) => call.query)).toContain(QUESTION);
    expect(events.some((event) => event.type === 'warning' && event.code === 'strategy_switched')).toBe(true);
    expect(result.stopReason).toBe('repeated_action');
    expect(result.status).not.toBe('completed');
    expect(llm.calls.length).toBeLessThan(12);
    expectWellFormedEnd(events, result);
  });

  it('ends when every output is empty and the default policy has nothing new', async () => {
    const llm = createFakeLlm({ object: () => ({}), text: () => '' });
    const { result, events } = await run(llm);
    expect(result.stopReason).toBe('repeated_action');
    expect(result.status).toBe('failed');
    expect(llm.calls.length).toBeLessThan(12);
    expectWellFormedEnd(events, result);
  });

  it('replaces a search the model keeps repeating with the default policy, and ends when it has nothing new', async () => {
    const llm = createFakeLlm({
      object: cooperativeObject({
        action: () => ({ think: 'Again.', action: { type: 'search', queries: ['eiffel'] } }),
      }),
    });
    const { result, events, search } = await run(llm);
    const queries = search.calls.map((call) => call.query);
    expect(queries[0]).toBe('eiffel');
    expect(queries.filter((query) => query === 'eiffel')).toHaveLength(1);
    expect(queries).toContain(PLAN.subQuestions[0]?.text);
    expect(result.stopReason).toBe('repeated_action');
    expect(events.some((event) => event.type === 'finish-guard' && event.reason === 'repeated_action')).toBe(
      true,
    );
    expectWellFormedEnd(events, result);
  });

  it('ends at the failure cap when the model always errors (HTTP 500)', async () => {
    const error = () =>
      new LlmError({ code: 'call_failed', model: 'fake:model', message: 'HTTP 500', statusCode: 500 });
    const llm = createFakeLlm({ object: error, text: error });
    const { result, events } = await run(llm);
    expect(result.stopReason).toBe('repeated_failures');
    expect(result.status).toBe('failed');
    expect(llm.calls.length).toBe(1 + 3 + 1);
    expect(
      events.filter((event) => event.type === 'warning' && event.code === 'call_failed').length,
    ).toBeGreaterThan(0);
    expectWellFormedEnd(events, result);
  });

  it.each([
    ['a 429 storm (Retry-After: 1)', () => rateLimitError(1), 1000],
    ['HTTP 500 forever', () => serverError(500), undefined],
  ])(
    'ends at the failure cap through the real model layer on %s, retries bounded',
    async (_, failure, wait) => {
      const model = createScriptedModel(failure());
      const delays: number[] = [];
      const llm = createLlm({
        config: parseResearchConfig({ model: 'openai:gpt-4o' }),
        env: {},
        languageModels: { 'openai:gpt-4o': model },
        sleep: async (ms) => {
          delays.push(ms);
        },
      });
      const events: ResearchEvent[] = [];
      const result = await research(
        { question: QUESTION, breadth: 1, model: 'openai:gpt-4o' },
        {
          llm,
          searchProviders: [createFakeSearch(RESULTS)],
          reader: createFakeReader(PAGES),
          onEvent: (event) => events.push(event),
        },
      );
      expect(result).toMatchObject({ status: 'failed', stopReason: 'repeated_failures' });
      // Each model call is tried 1 + LLM_MAX_RETRIES (2) times: the plan and 3 steps make the 4
      // failures in a row of the cap, then the final forced answer.
      expect(model.calls.length).toBe(3 * (1 + 3 + 1));
      expect(result.llmCalls).toBe(model.calls.length);
      if (wait !== undefined) expect(new Set(delays)).toEqual(new Set([wait]));
      expectWellFormedEnd(events, result);
    },
  );

  it('ends inside the time cap when the model never responds', async () => {
    const llm = createFakeLlm({ hang: true });
    const started = Date.now();
    const { result, events } = await run(llm, { maxTimeSeconds: 1 });
    const elapsed = Date.now() - started;
    expect(result.stopReason).toBe('time_limit');
    expect(result.status).toBe('failed');
    // Ended by the cap, not before it: a hanging model would hold the run until the test's own
    // timeout. The upper bound is generous: a busy machine ends it late, never early.
    expect(elapsed).toBeGreaterThanOrEqual(850);
    expect(elapsed).toBeLessThan(15_000);
    expect(llm.calls.length).toBe(2);
    expectWellFormedEnd(events, result);
  });

  it('closes a step cut off by the time cap: open tool calls get a result, late events are dropped', async () => {
    const events: ResearchEvent[] = [];
    const slowReader = createFakeReader(async (url) => {
      // Ignores the abort signal on purpose: a fetch that answers long after the run ended.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return PAGES[url];
    });
    const llm = createFakeLlm({
      object: cooperativeObject({
        action: () => ({ think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } }),
      }),
    });
    const result = await research(
      { question: QUESTION, breadth: 1, maxTimeSeconds: 1 },
      {
        llm,
        searchProviders: [createFakeSearch(RESULTS)],
        reader: slowReader,
        onEvent: (event) => events.push(event),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(result.stopReason).toBe('time_limit');
    expect(events.at(-1)?.type).toBe('run-end');
    const call = events.find((event) => event.type === 'tool-call');
    const results = events.filter((event) => event.type === 'tool-result');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ ok: false, error: { code: 'time_limit' } });
    expect(
      call?.type === 'tool-call' && results[0]?.type === 'tool-result' && call.callId === results[0].callId,
    ).toBe(true);
  });

  it('keeps the token reserve: stops before the budget and still answers from the findings', async () => {
    let query = 0;
    const llm = createFakeLlm({
      tokensPerCall: 1_000,
      object: cooperativeObject({
        action: (step) => {
          if (step === 0)
            return { think: 'Read.', action: { type: 'read', urls: ['https://example.com/eiffel'] } };
          query += 1;
          return { think: 'More.', action: { type: 'search', queries: [`query ${query}`] } };
        },
      }),
      text: cooperativeText,
    });
    const { result, events } = await run(llm, { tokenBudget: 10_000 });
    expect(result.stopReason).toBe('token_budget');
    expect(result.usage.totalTokens).toBeLessThanOrEqual(10_000);
    expect(result.status).toBe('best_effort');
    expect(result.answer).toContain('330 metres');
    expectWellFormedEnd(events, result);
  });

  it('stops at the step cap', async () => {
    let query = 0;
    const llm = createFakeLlm({
      object: cooperativeObject({
        action: () => {
          query += 1;
          return { think: 'More.', action: { type: 'search', queries: [`query ${query}`] } };
        },
      }),
    });
    const { result, events } = await run(llm, { maxSteps: 3 });
    expect(result.stopReason).toBe('max_steps');
    expect(result.steps).toBe(3);
    expectWellFormedEnd(events, result);
  });

  it('cancels cleanly through the AbortSignal', async () => {
    const controller = new AbortController();
    let query = 0;
    const llm = createFakeLlm({
      delayMs: 40,
      object: cooperativeObject({
        action: () => {
          query += 1;
          // Cancelled mid-run, once the planner has chosen a few steps: by order, not by time.
          if (query === 3) controller.abort();
          return { think: 'More.', action: { type: 'search', queries: [`query ${query}`] } };
        },
      }),
    });
    const { result, events } = await run(llm, {}, controller.signal);
    expect(query).toBe(3);
    expect(result.status).toBe('cancelled');
    expect(result.stopReason).toBe('cancelled');
    const callsAtEnd = llm.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(llm.calls.length).toBe(callsAtEnd);
    expectWellFormedEnd(events, result);
  });

  it('ends at once on an authentication error, naming the key', async () => {
    const llm = createFakeLlm({
      object: () =>
        new LlmError({
          code: 'authentication',
          model: 'openai:gpt-4o-mini',
          message: 'OPENAI_API_KEY was rejected (401); check the key.',
        }),
    });
    const { result, events } = await run(llm);
    expect(result.status).toBe('failed');
    expect(result.stopReason).toBe('authentication');
    expect(result.error?.message).toContain('OPENAI_API_KEY');
    expect(llm.calls).toHaveLength(1);
    expect(events.some((event) => event.type === 'finish-guard')).toBe(false);
    expect(events.at(-2)).toMatchObject({ type: 'run-error', code: 'authentication' });
    expectWellFormedEnd(events, result);
  });

  it('ends inside every cap for random valid choices over 50 seeds', async () => {
    const urls = [...Object.keys(PAGES), 'https://missing.example/404'];
    const words = ['eiffel', 'tower', 'height', 'paris', 'history', 'iron'];
    for (let seed = 1; seed <= 50; seed += 1) {
      const next = seededRandom(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
      const object = (call: FakeLlmCall): unknown => {
        if (call.schemaName === 'plan') return { ...PLAN, trivial: next() < 0.3 };
        if (call.schemaName === 'evaluation_checks') return { ...CHECKS, plurality: next() < 0.5 };
        if (call.schemaName === 'evaluation')
          return evaluationReply(() => ({ think: 'Random.', pass: next() < 0.3, improvement: 'More.' }));
        if (call.schemaName === 'final_evaluation')
          return next() < 0.5 ? honestFinalEvaluation(call.prompt) : new Error('evaluator down');
        const kind = pick(['search', 'read', 'deep-read', 'reflect', 'answer'] as const);
        const action =
          kind === 'search'
            ? { type: kind, queries: [pick(words), `${pick(words)} ${pick(words)}`] }
            : kind === 'read'
              ? { type: kind, urls: [pick(urls), pick(urls)] }
              : kind === 'deep-read'
                ? { type: kind, url: pick(urls), pattern: '/' }
                : kind === 'reflect'
                  ? {
                      type: kind,
                      addSubQuestions:
                        next() < 0.5 ? [{ text: `About ${pick(words)}?`, intent: 'explore' }] : [],
                      closeSubQuestions: [{ id: pick(['q1', 'q2', 'q3']), note: 'done' }],
                    }
                  : {
                      type: kind,
                      answer: `Answer ${pick(words)} ${Math.floor(next() * 3)}`,
                      references: [{ url: pick(urls), quote: 'The tower is 330 metres tall' }],
                    };
        return { think: `Seed ${seed}.`, action };
      };
      const maxSteps = 5 + Math.floor(next() * 10);
      const tokenBudget = 1_000 + Math.floor(next() * 4_000);
      const llm = createFakeLlm({ object, text: () => 'Report.' });
      const { result, events } = await run(llm, { maxSteps, tokenBudget, report: next() < 0.2 });
      expect(['completed', 'best_effort', 'failed']).toContain(result.status);
      expect(result.steps).toBeLessThanOrEqual(maxSteps);
      expect(result.usage.totalTokens).toBeLessThanOrEqual(tokenBudget);
      // plan + each step (action + check selection + at most five checks) + final answer + report
      expect(llm.calls.length).toBeLessThanOrEqual(1 + maxSteps * 7 + 2);
      expectWellFormedEnd(events, result);
    }
  });
});
