import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../../config/schemas.js';
import { createLlm } from '../../llm/index.js';
import { createScriptedModel, hang, type ModelScript } from '../../testing/index.js';
import { createJudge } from './judge.js';

function judgeWith(script: ModelScript) {
  const model = createScriptedModel(script);
  const llm = createLlm({
    config: parseResearchConfig({ model: 'openai:judge' }),
    languageModels: { 'openai:judge': model },
    sleep: async () => {},
  });
  return { judge: createJudge({ llm, model: 'openai:judge' }), model };
}

const input = {
  question: 'Who wrote Middlemarch?',
  gold: 'George Eliot',
  aliases: ['Mary Ann Evans'],
  prediction: 'Middlemarch was written by George Eliot.',
};

describe('createJudge', () => {
  it('grades with SimpleQA categories as structured output and reports usage', async () => {
    const { judge, model } = judgeWith({ reasoning: 'Contains the gold target.', grade: 'correct' });
    const outcome = await judge.grade(input);
    expect(outcome).toMatchObject({
      model: 'openai:judge',
      grade: 'correct',
      reasoning: 'Contains the gold target.',
    });
    expect(outcome.usage?.totalTokens).toBeGreaterThan(0);
    const call = model.calls[0];
    expect(call?.schemaName).toBe('grade');
    expect(call?.system).toMatch(/correct, incorrect or not_attempted/);
    expect(call?.prompt).toContain('<gold-target>\nGeorge Eliot\n</gold-target>');
    expect(call?.prompt).toContain('<accepted-alternatives>\nMary Ann Evans\n</accepted-alternatives>');
    expect(call?.prompt).toContain(
      '<predicted-answer>\nMiddlemarch was written by George Eliot.\n</predicted-answer>',
    );
  });

  it.each(['incorrect', 'not_attempted'] as const)('passes the grade %s through', async (grade) => {
    const { judge } = judgeWith({ reasoning: 'r', grade });
    await expect(judge.grade(input)).resolves.toMatchObject({ grade });
  });

  it('asks again once after malformed output, then gives an outcome with an error instead of throwing', async () => {
    const { judge, model } = judgeWith(['A', { grade: 'maybe' }]);
    const outcome = await judge.grade(input);
    expect(outcome.grade).toBeUndefined();
    expect(outcome.error?.code).toBe('invalid_output');
    expect(model.calls).toHaveLength(2);
  });

  it('recovers when the retry is valid', async () => {
    const { judge } = judgeWith(['not json', { reasoning: 'ok', grade: 'incorrect' }]);
    await expect(judge.grade(input)).resolves.toMatchObject({ grade: 'incorrect' });
  });

  it('ends with an error outcome when cancelled', async () => {
    const { judge } = judgeWith(hang());
    const controller = new AbortController();
    const pending = judge.grade({ ...input, signal: controller.signal });
    controller.abort();
    const outcome = await pending;
    expect(outcome.grade).toBeUndefined();
    expect(outcome.error?.code).toBeDefined();
  });
});
