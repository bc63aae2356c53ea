import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import {
  authenticationError,
  createScriptedModel,
  hang,
  type ModelScript,
  rateLimitError,
  serverError,
} from '../testing/scripted-model.js';
import { createLlm, type LlmCallReport, LlmError } from './index.js';

function setup(
  script: ModelScript,
  extra: {
    timeoutMs?: number;
    maxRetries?: number;
    fixedBy?: 'user' | 'operator';
    random?: () => number;
  } = {},
) {
  const model = createScriptedModel(script);
  const delays: number[] = [];
  const reports: LlmCallReport[] = [];
  const llm = createLlm({
    config: parseResearchConfig({ model: 'openai:gpt-4o' }),
    env: {},
    languageModels: { 'openai:gpt-4o': model },
    sleep: async (ms) => {
      delays.push(ms);
    },
    onCall: (report) => reports.push(report),
    // No jitter unless a test asks for it: the waits are then exact.
    random: () => 0,
    ...extra,
  });
  const ask = (abortSignal?: AbortSignal) =>
    llm.generateText({ role: 'planner', system: 's', prompt: 'p', ...(abortSignal ? { abortSignal } : {}) });
  return { model, llm, delays, reports, ask };
}

async function failureOf(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

describe('retries', () => {
  it('waits as long as Retry-After says (seconds and HTTP date), then succeeds', async () => {
    const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
    const { ask, delays, model } = setup([rateLimitError(2), rateLimitError(inFiveSeconds), 'done']);
    const result = await ask();
    expect(result.value).toBe('done');
    expect(model.calls).toHaveLength(3);
    expect(delays[0]).toBe(2000);
    expect(delays[1]).toBeGreaterThan(3000);
    expect(delays[1]).toBeLessThanOrEqual(5000);
  });

  it('a 429 storm ends after the bounded retries with call_failed', async () => {
    const { ask, delays, model, reports } = setup(rateLimitError(1));
    const error = await failureOf(ask());
    expect(error.code).toBe('call_failed');
    expect(error.statusCode).toBe(429);
    expect(model.calls).toHaveLength(3); // first try + LLM_MAX_RETRIES (2)
    expect(delays).toEqual([1000, 1000]);
    expect(reports.map((report) => report.ok)).toEqual([false, false, false]);
  });

  it("tells a server's client that the operator fixes a refused key, naming no flag", async () => {
    const { ask } = setup(authenticationError(), { fixedBy: 'operator' });
    const error = await failureOf(ask());
    expect(error.message).toBe(
      "Authentication failed for openai:gpt-4o (HTTP 401). The server's key for it (OPENAI_API_KEY) was refused; the server's operator can fix it.",
    );
    expect(error.message).not.toMatch(/--/);
  });

  it('500 forever is bounded and backs off exponentially', async () => {
    const { ask, delays, model } = setup(serverError(), { maxRetries: 4 });
    await failureOf(ask());
    expect(model.calls).toHaveLength(5);
    expect(delays).toEqual([500, 1000, 2000, 4000]);
  });

  it('spreads backoffs by a random share of up to half, but keeps what Retry-After asks', async () => {
    const draws = [0.5, 0.999, 0.2, 0];
    const spread = setup(serverError(), { maxRetries: 4, random: () => draws.shift() ?? 0 });
    await failureOf(spread.ask());
    // 500, 1000, 2000, 4000, each shortened by (draw × 50)%.
    expect(spread.delays).toEqual([375, 500, 1800, 4000]);
    const told = setup([rateLimitError(2), 'done'], { random: () => 0.9 });
    await told.ask();
    expect(told.delays).toEqual([2000]);
  });

  it('401 is not retried and names the key variable', async () => {
    const { ask, model, delays } = setup(authenticationError());
    const error = await failureOf(ask());
    expect(error.code).toBe('authentication');
    expect(error.message).toBe(
      'Authentication failed for openai:gpt-4o (HTTP 401). Check OPENAI_API_KEY or --api-key.',
    );
    expect(model.calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('a model that never answers times out', async () => {
    const { ask, reports } = setup(hang(), { timeoutMs: 50 });
    const started = Date.now();
    const error = await failureOf(ask());
    expect(error.code).toBe('timeout');
    // Ended by the 50 ms timeout, not by the test's own 30 s: generous for a busy machine.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.error?.code).toBe('timeout');
  });

  it('a model that ignores the abort signal is still bounded by the timeout', async () => {
    const { ask } = setup(() => new Promise<string>(() => {}), { timeoutMs: 50 });
    expect((await failureOf(ask())).code).toBe('timeout');
  });

  it('the caller aborting ends the call with aborted, without retry', async () => {
    const { ask, model, delays } = setup(hang());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await failureOf(ask(controller.signal));
    expect(error.code).toBe('aborted');
    expect(model.calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('counts usage of every call, failed ones included', async () => {
    const { llm, ask, reports } = setup([serverError(), 'fine']);
    const result = await ask();
    expect(reports.map((report) => report.ok)).toEqual([false, true]);
    expect(reports[0]?.usage.totalTokens).toBe(0);
    expect(result.usage.totalTokens).toBeGreaterThan(0);
    expect(llm.totals().calls).toBe(2);
    expect(llm.totals().usage.totalTokens).toBe(result.usage.totalTokens);
    expect(llm.totals().usage.costUsd).toBeGreaterThan(0);
  });
});

describe('cancelled before the call', () => {
  it('does not call the model when the signal is already aborted', async () => {
    const model = createScriptedModel('never used');
    const llm = createLlm({
      config: parseResearchConfig({ model: 'openai:gpt-4o' }),
      env: {},
      languageModels: { 'openai:gpt-4o': model },
    });
    const controller = new AbortController();
    controller.abort();
    const error = await llm
      .generateText({ role: 'planner', system: 's', prompt: 'p', abortSignal: controller.signal })
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'aborted' });
    expect(model.calls).toHaveLength(0);
    expect(llm.totals().calls).toBe(0);
  });
});
