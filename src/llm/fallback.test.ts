import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MODEL_COOLDOWN_MS } from '../config/constants.js';
import { parseResearchConfig } from '../config/schemas.js';
import { authenticationError, createScriptedModel, serverError } from '../testing/scripted-model.js';
import { createLlm, LlmError } from './index.js';

function setup(primaryScript: Parameters<typeof createScriptedModel>[0]) {
  let clock = 1_000_000;
  const primary = createScriptedModel(primaryScript);
  const backup = createScriptedModel('from backup');
  const llm = createLlm({
    config: parseResearchConfig({ model: 'openai:gpt-4o', fallbackModels: ['anthropic:claude-haiku-4-5'] }),
    env: {},
    languageModels: { 'openai:gpt-4o': primary, 'anthropic:claude-haiku-4-5': backup },
    sleep: async () => {},
    now: () => clock,
  });
  const ask = () => llm.generateText({ role: 'writer', system: 's', prompt: 'p' });
  const advance = (ms: number) => {
    clock += ms;
  };
  return { primary, backup, llm, ask, advance };
}

describe('fallback and cooldown', () => {
  it('moves to the fallback model when the primary keeps failing, and says which model answered', async () => {
    const { ask, primary, backup } = setup(serverError(503));
    const result = await ask();
    expect(result).toMatchObject({ value: 'from backup', model: 'anthropic:claude-haiku-4-5' });
    expect(primary.calls).toHaveLength(3); // its own retries first
    expect(backup.calls).toHaveLength(1);
  });

  it('skips a model cooling down after repeated failures, and tries it again once the cooldown ends', async () => {
    const { ask, primary, advance } = setup(serverError());
    await ask();
    await ask(); // second failed call in a row: the primary cools down
    expect(primary.calls).toHaveLength(6);
    await ask();
    expect(primary.calls).toHaveLength(6); // skipped while cooling
    advance(MODEL_COOLDOWN_MS + 1);
    await ask();
    expect(primary.calls).toHaveLength(9);
  });

  it('uses the model whose cooldown ends first when every model is cooling', async () => {
    let clock = 0;
    const primary = createScriptedModel(serverError());
    // The backup fails a little later each time, so its cooldown ends after the primary's.
    const backup = createScriptedModel(() => {
      clock += 5;
      return serverError();
    });
    const llm = createLlm({
      config: parseResearchConfig({ model: 'openai:gpt-4o', fallbackModels: ['openai:gpt-4o-mini'] }),
      env: {},
      languageModels: { 'openai:gpt-4o': primary, 'openai:gpt-4o-mini': backup },
      sleep: async () => {},
      maxRetries: 0,
      now: () => clock,
    });
    const ask = () =>
      llm.generateText({ role: 'planner', system: 's', prompt: 'p' }).catch((error: unknown) => error);
    await ask();
    await ask(); // two failures in a row each: both models cool down
    expect([primary.calls.length, backup.calls.length]).toEqual([2, 2]);
    expect(await ask()).toBeInstanceOf(LlmError);
    expect([primary.calls.length, backup.calls.length]).toEqual([3, 2]);
  });

  it('does not fall back on a wrong key: authentication ends the call', async () => {
    const { ask, backup } = setup(authenticationError());
    const error = await ask().catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'authentication' });
    expect(backup.calls).toHaveLength(0);
  });

  it('reports all_models_failed when every model failed', async () => {
    const primary = createScriptedModel(serverError());
    const backup = createScriptedModel(serverError(502));
    const llm = createLlm({
      config: parseResearchConfig({ model: 'openai:gpt-4o', fallbackModels: ['openai:gpt-4.1'] }),
      env: {},
      languageModels: { 'openai:gpt-4o': primary, 'openai:gpt-4.1': backup },
      sleep: async () => {},
    });
    const error = await llm
      .generateText({ role: 'planner', system: 's', prompt: 'p' })
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'all_models_failed' });
    expect((error as Error).message).toContain('openai:gpt-4.1');
  });
});

describe('roles and cost', () => {
  it('uses the model configured for each role', async () => {
    const planner = createScriptedModel('plan');
    const writer = createScriptedModel('write');
    const llm = createLlm({
      config: parseResearchConfig({ model: 'openai:gpt-4o', writerModel: 'anthropic:claude-sonnet-4-5' }),
      env: {},
      languageModels: { 'openai:gpt-4o': planner, 'anthropic:claude-sonnet-4-5': writer },
    });
    expect((await llm.generateText({ role: 'planner', system: 's', prompt: 'p' })).value).toBe('plan');
    expect((await llm.generateText({ role: 'evaluator', system: 's', prompt: 'p' })).value).toBe('plan');
    expect((await llm.generateText({ role: 'writer', system: 's', prompt: 'p' })).value).toBe('write');
  });

  it('cost is null for a model without a price, and the totals become null', async () => {
    const priced = createScriptedModel('a', { usage: { inputTokens: 1000, outputTokens: 1000 } });
    const local = createScriptedModel('b', { usage: { inputTokens: 1000, outputTokens: 1000 } });
    const llm = createLlm({
      config: parseResearchConfig({ model: 'openai:gpt-4o-mini', writerModel: 'ollama:llama3.1' }),
      env: {},
      languageModels: { 'openai:gpt-4o-mini': priced, 'ollama:llama3.1': local },
    });
    const first = await llm.generateText({ role: 'planner', system: 's', prompt: 'p' });
    expect(first.usage.costUsd).toBeCloseTo((1000 * 0.15 + 1000 * 0.6) / 1_000_000);
    expect(llm.totals().usage.costUsd).toBeCloseTo(0.00075);
    const second = await llm.generateText({ role: 'writer', system: 's', prompt: 'p' });
    expect(second.usage.costUsd).toBeNull();
    expect(llm.totals().usage).toEqual({
      inputTokens: 2000,
      outputTokens: 2000,
      totalTokens: 4000,
      costUsd: null,
    });
  });

  it('fails at creation when a configured model has no key, naming the variable', () => {
    expect(() =>
      createLlm({ config: parseResearchConfig({ model: 'anthropic:claude-haiku-4-5' }), env: {} }),
    ).toThrow(/ANTHROPIC_API_KEY/);
  });
});

describe('invalid structured output', () => {
  it('hands over to the fallback model, and a primary that keeps giving it cools down', async () => {
    const primary = createScriptedModel('this is not JSON at all');
    const backup = createScriptedModel({ value: 'ok' });
    const llm = createLlm({
      config: parseResearchConfig({ model: 'openai:gpt-4o', fallbackModels: ['anthropic:claude-haiku-4-5'] }),
      env: {},
      languageModels: { 'openai:gpt-4o': primary, 'anthropic:claude-haiku-4-5': backup },
      sleep: async () => {},
    });
    const ask = () =>
      llm.generateObject({
        role: 'planner',
        system: 's',
        prompt: 'p',
        schema: z.object({ value: z.string() }),
        schemaName: 'thing',
      });
    const first = await ask();
    expect(first).toMatchObject({ value: { value: 'ok' }, model: 'anthropic:claude-haiku-4-5' });
    expect(primary.calls).toHaveLength(1);
    await ask();
    await ask();
    // Two invalid replies in a row cooled the primary down: the third request goes straight to the backup.
    expect(primary.calls).toHaveLength(2);
    expect(backup.calls).toHaveLength(3);
  });
});
