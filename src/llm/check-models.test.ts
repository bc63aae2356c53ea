import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import { ConfigError, MissingPackageError } from '../errors.js';
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

  it("stops before any work when a configured model's provider package is not installed", () => {
    const config = parseResearchConfig({ model: 'openai:gpt-4o-mini', writerModel: 'google:gemini-2.5-pro' });
    const attempt = () =>
      checkModels(config, {
        env: { OPENAI_API_KEY: 'o', GOOGLE_GENERATIVE_AI_API_KEY: 'g' },
        resolvePackage: (name) => {
          if (name === '@ai-sdk/google') throw new Error('not installed');
          return name;
        },
      });
    expect(attempt).toThrow(MissingPackageError);
    expect(attempt).toThrow(
      /^The google provider needs the package @ai-sdk\/google, which is not installed .*npm install @ai-sdk\/google/,
    );
  });

  it('names the option and the missing variable; the configured key only covers its own provider', () => {
    const config = parseResearchConfig({
      model: 'openai:gpt-4o-mini',
      evaluatorModel: 'anthropic:claude-sonnet-4-5',
      apiKey: 'sk-main',
    });
    const error = thrown(() => checkModels(config, { env: {} }));
    expect(error).toMatchObject({
      problem: 'missing_api_key',
      key: 'evaluatorModel',
      received: 'anthropic:claude-sonnet-4-5',
      provider: 'anthropic',
      variable: 'ANTHROPIC_API_KEY',
      keyProvider: 'openai',
    });
    // The key option would go to openai, so suggesting it for the evaluator would mislead.
    expect(error.setting).toBeUndefined();
    expect(error.message).toBe(
      'ANTHROPIC_API_KEY is not set; set it to use anthropic (the "apiKey" option is the key of openai models only).',
    );
  });

  it('offers the key option for a missing key of the provider it belongs to', () => {
    const config = parseResearchConfig({
      model: 'anthropic:claude-sonnet-4-5',
      writerModel: 'anthropic:claude-haiku-4-5',
    });
    const error = thrown(() => checkModels(config, { env: {} }));
    expect(error).toMatchObject({ key: 'model', setting: 'apiKey', keyProvider: undefined });
    expect(error.message).toMatch(
      /^ANTHROPIC_API_KEY is not set; pass the "apiKey" option or set ANTHROPIC_API_KEY/,
    );
  });

  it('rejects an unknown provider in the fallback chain, listing the known ones', () => {
    const config = parseResearchConfig({ model: 'ollama:llama3.1', fallbackModels: ['mistral:large'] });
    const error = thrown(() => checkModels(config, { env: {} }));
    expect(error).toMatchObject({
      problem: 'invalid_value',
      key: 'fallbackModels',
      received: 'mistral:large',
    });
    expect(error.expected).toMatch(/^a model of a known provider \(openai, anthropic/);
  });

  it('binds the key and base URL to keyProvider, whatever the main model is', () => {
    const config = parseResearchConfig({
      model: 'anthropic:claude-sonnet-4-5',
      evaluatorModel: 'openai:gpt-4o-mini',
      apiKey: 'sk-openai',
      keyProvider: 'openai',
    });
    const error = thrown(() => checkModels(config, { env: {} }));
    expect(error).toMatchObject({ key: 'model', variable: 'ANTHROPIC_API_KEY', keyProvider: 'openai' });
    expect(() => checkModels(config, { env: { ANTHROPIC_API_KEY: 'a' } })).not.toThrow();
  });

  it('requires a base URL for openai-compatible, and skips injected models', () => {
    const config = parseResearchConfig({ model: 'openai-compatible:qwen' });
    expect(thrown(() => checkModels(config, { env: {} }))).toMatchObject({
      problem: 'missing_base_url',
      key: 'model',
      variable: 'OPENAI_BASE_URL',
      setting: 'baseURL',
    });
    expect(() =>
      checkModels(config, { env: {}, injected: new Set(['openai-compatible:qwen']) }),
    ).not.toThrow();
  });
});
