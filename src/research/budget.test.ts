import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import { PAGES, QUESTION, RESULTS } from '../testing/research-fixtures.js';
import { createScriptedModel, type ScriptedCall, ScriptedReplyDetail } from '../testing/scripted-model.js';
import { research } from './index.js';

/** A model that never stops searching: only the budget can end its run. */
function searchForever(call: ScriptedCall) {
  if (call.schemaName === 'plan') {
    return { think: 'Plan.', trivial: false, subQuestions: [{ text: 'How tall is it?', intent: 'explore' }] };
  }
  if (call.schemaName === 'final_answer') {
    return {
      answer: 'The tower is 330 metres tall [1].',
      references: [{ url: 'https://a.example/tower', quote: 'The tower is 330 metres tall' }],
    };
  }
  return { think: 'More.', action: { type: 'search', queries: [`query ${call.callIndex}`] } };
}

async function runWith(script: (call: ScriptedCall) => unknown, tokenBudget: number, report = false) {
  const model = createScriptedModel((call) => script(call) as object);
  const events: ResearchEvent[] = [];
  const result = await research(
    { question: QUESTION, model: 'scripted:model', tokenBudget, report, maxSteps: 50 },
    {
      languageModels: { 'scripted:model': model },
      searchProviders: [createFakeSearch(RESULTS)],
      reader: createFakeReader(PAGES),
      onEvent: (event) => events.push(event),
    },
  );
  return { result, events, model };
}

/**
 * Each reply is longer than the one before (so the most expensive step so far never predicts the
 * next), and like a real provider the model stops at the output cap it is given.
 */
function growing(call: ScriptedCall) {
  const wanted = 200 * (call.callIndex + 1);
  const cap = call.options.maxOutputTokens ?? Number.POSITIVE_INFINITY;
  const inputTokens = Math.ceil((call.prompt.length + call.system.length) / 4);
  return new ScriptedReplyDetail(searchForever(call), {
    usage: { inputTokens, outputTokens: Math.min(wanted, cap) },
  });
}

describe('the token budget is a hard cap', () => {
  it.each([2_000, 5_000, 20_000])('a run with --token-budget %i never reports more', async (tokenBudget) => {
    const { result } = await runWith(growing, tokenBudget);
    expect(result.usage.totalTokens).toBeLessThanOrEqual(tokenBudget);
    expect(result.stopReason).toBe('token_budget');
    expect(result.answer).not.toBe('');
  });

  it('caps each call’s output to what is left', async () => {
    const { model } = await runWith(searchForever, 5_000);
    const caps = model.calls.map((call) => call.options.maxOutputTokens ?? Number.POSITIVE_INFINITY);
    expect(caps.every((cap) => cap <= 5_000)).toBe(true);
  });

  it('learns from a model that reports more input than the estimate and still stays inside', async () => {
    // A tokenizer four times less efficient than the estimate assumes: every call reports 4× the prompt.
    const greedy = (call: ScriptedCall) =>
      new ScriptedReplyDetail(searchForever(call), {
        usage: { inputTokens: Math.ceil((call.prompt.length + call.system.length) * 1.2), outputTokens: 40 },
      });
    // Nothing can be learned before the first call (the plan), so the smallest budget is one its
    // prompt fits in as this model counts it (about 2,600 characters × 1.2).
    for (const tokenBudget of [3_500, 8_000]) {
      const { result } = await runWith(greedy, tokenBudget);
      expect(result.usage.totalTokens).toBeLessThanOrEqual(tokenBudget);
    }
  });
});

describe('a model server that cannot be reached', () => {
  it('ends the run at once, failed, with the address and the fix', async () => {
    const { startFakeLlmServer } = await import('../testing/fake-llm-server.js');
    const closed = await startFakeLlmServer();
    await closed.close();
    const events: ResearchEvent[] = [];
    const result = await research(
      { question: QUESTION, model: 'openai-compatible:fake', baseURL: closed.url, maxSteps: 20 },
      {
        env: {},
        searchProviders: [createFakeSearch(RESULTS)],
        reader: createFakeReader(PAGES),
        onEvent: (event) => events.push(event),
      },
    );
    expect(result).toMatchObject({
      status: 'failed',
      stopReason: 'model_unreachable',
      error: { code: 'unreachable' },
    });
    expect(result.error?.message).toContain(new URL(closed.url).origin);
    // The plan's call and its two retries; no step was started.
    expect(result.llmCalls).toBe(3);
    expect(events.some((event) => event.type === 'step-start')).toBe(false);
  });
});
