import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { checkModels } from './check-models.js';

function thrown(action: () => void): ConfigError {
  try {
    action();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('checkModels', () => {
  it('passes when every model resolves: keys from env or --api-key, local servers keyless', () => {
    const config = parseResearchConfig({
      model: 'openai:gpt-4o-mini',
      evaluatorModel: 'anthropic:claude-sonnet-4-5',
      fallbackModels: ['ollama:llama3.1'],
      apiKey: 'sk-main',
    });
    expect(() => checkModels(config, { env: { ANTHROPIC_API_KEY: 'a' } })).not.toThrow();
  });

  it('names the option and the missing variable; --api-key only covers the main provider', () => {
    const config = parseResearchConfig({
      model: 'openai:gpt-4o-mini',
      evaluatorModel: 'anthropic:claude-sonnet-4-5',
      apiKey: 'sk-main',
    });
    const error = thrown(() => checkModels(config, { env: {} }));
    expect(error.field).toBe('evaluatorModel');
    expect(error.message).toMatch(/ANTHROPIC_API_KEY is not set; set ANTHROPIC_API_KEY to use anthropic/);
    // --api-key would go to openai, so suggesting it for the evaluator would mislead.
    expect(error.message).not.toMatch(/pass --api-key/);
    expect(error.message).toMatch(/--api-key is the key of the main model's provider, openai/);
  });

  it('suggests --api-key for a missing key of the main provider', () => {
    const config = parseResearchConfig({
      model: 'anthropic:claude-sonnet-4-5',
      writerModel: 'anthropic:claude-haiku-4-5',
    });
    const error = thrown(() => checkModels(config, { env: {} }));
    expect(error.field).toBe('model');
    expect(error.message).toMatch(/^ANTHROPIC_API_KEY is not set; pass --api-key or set ANTHROPIC_API_KEY/);
  });

  it('rejects an unknown provider in the fallback chain, listing the known ones', () => {
    const config = parseResearchConfig({ model: 'ollama:llama3.1', fallbackModels: ['mistral:large'] });
    const error = thrown(() => checkModels(config, { env: {} }));
    expect(error.field).toBe('fallbackModels');
    expect(error.message).toMatch(/Unknown model provider "mistral"\. Known: openai, anthropic/);
  });

  it('requires a base URL for openai-compatible, and skips injected models', () => {
    const config = parseResearchConfig({ model: 'openai-compatible:qwen' });
    expect(thrown(() => checkModels(config, { env: {} })).field).toBe('model');
    expect(() =>
      checkModels(config, { env: {}, injected: new Set(['openai-compatible:qwen']) }),
    ).not.toThrow();
  });
});
