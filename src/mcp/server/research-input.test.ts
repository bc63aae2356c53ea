import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../../config/index.js';
import { ConfigError } from '../../errors.js';
import { resolveResearchArguments } from './research-input.js';

const defaults = parseResearchConfig({
  model: 'openai:gpt-4o-mini',
  writerModel: 'anthropic:claude-sonnet-4-5',
  tokenBudget: 5000,
  apiKey: 'operator-key',
  allowHosts: ['127.0.0.1:9000'],
});

describe('resolveResearchArguments', () => {
  it("keeps the operator's options where the caller says nothing, connection options included", () => {
    const { question, config } = resolveResearchArguments({ question: 'Why?', maxSteps: 3 }, { defaults });
    expect(question).toBe('Why?');
    expect(config).toMatchObject({
      tokenBudget: 5000,
      maxSteps: 3,
      apiKey: 'operator-key',
      allowHosts: ['127.0.0.1:9000'],
    });
  });

  it("makes a caller's model the model of every role", () => {
    const { config } = resolveResearchArguments({ question: 'q', model: 'ollama:llama3.1' }, { defaults });
    expect(config).toMatchObject({ model: 'ollama:llama3.1', writerModel: undefined, fallbackModels: [] });
  });

  it('refuses a model outside the allowed ones, naming the argument', () => {
    const policy = { defaults, allowedModels: ['ollama:llama3.1'] };
    expect(resolveResearchArguments({ question: 'q', model: 'ollama:llama3.1' }, policy).config.model).toBe(
      'ollama:llama3.1',
    );
    const refuse = () => resolveResearchArguments({ question: 'q', model: 'openai:o3' }, policy);
    expect(refuse).toThrow(ConfigError);
    expect(refuse).toThrow('Invalid value for "model": "openai:o3" is not allowed on this server.');
  });

  it('names the argument of a value the whole options object does not accept', () => {
    expect(() => resolveResearchArguments({ question: 'q', tokenBudget: 0 }, { defaults })).toThrow(
      /Invalid value for "tokenBudget" in the research arguments/,
    );
  });
});
