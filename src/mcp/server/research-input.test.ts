import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../../config/schemas.js';
import { ConfigError } from '../../errors.js';
import { mcpConfigError, resolveResearchArguments } from './research-input.js';

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
    expect(refuse).toThrow(
      'Invalid value for "model" in the research arguments: "openai:o3" is not allowed on this server. Allowed: ollama:llama3.1, openai:gpt-4o-mini',
    );
    expect(refuse).toThrow(expect.objectContaining({ problem: 'not_allowed', key: 'model', param: 'model' }));
  });

  it('names the argument of a value the whole options object does not accept', () => {
    expect(() => resolveResearchArguments({ question: 'q', tokenBudget: 0 }, { defaults })).toThrow(
      'Invalid value for "tokenBudget" in the research arguments: must be a positive whole number, got 0.',
    );
    expect(() => resolveResearchArguments({ question: 'q', tokenBudget: 0 }, { defaults })).toThrow(
      expect.objectContaining({ problem: 'invalid_value', key: 'tokenBudget', param: 'tokenBudget' }),
    );
  });

  it("words a missing key as the server operator's to set, naming the argument that chose the model", () => {
    const missing = new ConfigError('ANTHROPIC_API_KEY is not set', {
      problem: 'missing_api_key',
      key: 'writerModel',
      provider: 'anthropic',
      variable: 'ANTHROPIC_API_KEY',
      received: 'anthropic:claude-sonnet-4-5',
    });
    expect(mcpConfigError(missing, ['question', 'model']).message).toBe(
      'Invalid value for "model" in the research arguments: "anthropic:claude-sonnet-4-5" needs ANTHROPIC_API_KEY, which is not set on this server.',
    );
    expect(mcpConfigError(missing, ['question']).message).toBe(
      'Invalid value for the server\'s option "writerModel" (set by whoever started it): "anthropic:claude-sonnet-4-5" needs ANTHROPIC_API_KEY, which is not set on this server.',
    );
  });
});
