import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseResearchConfig } from '../config/schemas.js';
import { createScriptedModel } from '../testing/scripted-model.js';
import { createLlm } from './index.js';

function setup(temperature: unknown) {
  const model = createScriptedModel((call) => (call.schemaName ? { ok: true } : 'text'));
  const llm = createLlm({
    config: parseResearchConfig({
      model: 'openai:gpt-4o',
      ...(temperature === undefined ? {} : { temperature }),
    }),
    env: {},
    languageModels: { 'openai:gpt-4o': model },
    sleep: async () => {},
  });
  const schema = z.object({ ok: z.boolean() });
  return {
    model,
    text: (role: 'planner' | 'writer' | 'evaluator' | 'extractor') =>
      llm.generateText({ role, system: 's', prompt: 'p' }),
    object: (role: 'planner' | 'writer' | 'evaluator' | 'extractor') =>
      llm.generateObject({ role, system: 's', prompt: 'p', schema, schemaName: 'check' }),
  };
}

describe('temperature per run and per role', () => {
  it('sends the run temperature with every call, text and structured', async () => {
    const { model, text, object } = setup(0.3);
    await text('writer');
    await object('planner');
    expect(model.calls.map((call) => call.options.temperature)).toEqual([0.3, 0.3]);
  });

  it("gives a role its own temperature over the run's, and the others the run's", async () => {
    const { model, text, object } = setup('0.2,writer=0.9,planner=0');
    await text('writer');
    await object('planner');
    await object('evaluator');
    expect(model.calls.map((call) => call.options.temperature)).toEqual([0.9, 0, 0.2]);
  });

  it("sends no temperature when none is set (the provider's default), nor to roles without one", async () => {
    const unset = setup(undefined);
    await unset.text('writer');
    expect(unset.model.calls[0]?.options.temperature).toBeUndefined();
    const writerOnly = setup({ writer: 0.7 });
    await writerOnly.text('planner');
    expect(writerOnly.model.calls[0]?.options.temperature).toBeUndefined();
  });
});

describe('the temperature option', () => {
  it.each([
    ['0.5', { default: 0.5 }],
    ['writer=0.7, planner=0', { writer: 0.7, planner: 0 }],
    [1, { default: 1 }],
    [{ evaluator: 0 }, { evaluator: 0 }],
  ])('reads %j', (given, expected) => {
    expect(parseResearchConfig({ temperature: given }).temperature).toEqual(expected);
  });

  it.each([
    ['judge=1', '"judge" is not a role'],
    ['writer=hot', 'writer is not a number from 0 to 2'],
    [3, 'a temperature from 0 to 2'],
    [-0.1, 'a temperature from 0 to 2'],
    [{ writer: 2.5 }, 'writer is not a number from 0 to 2'],
    ['', 'a temperature from 0 to 2'],
    [[0.2], 'a temperature from 0 to 2'],
  ])('refuses %j, saying what is wrong', (given, words) => {
    expect(() => parseResearchConfig({ temperature: given })).toThrow(words);
    expect(() => parseResearchConfig({ temperature: given })).toThrow('"temperature"');
  });
});
