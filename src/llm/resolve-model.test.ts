import { describe, expect, it } from 'vitest';
import { ConfigError, MissingApiKeyError, MissingPackageError, UnknownIdError } from '../errors.js';
import { knownModelProviders, resolveLanguageModel } from './index.js';

describe('resolveLanguageModel', () => {
  it('knows the six providers', () => {
    expect([...knownModelProviders].sort()).toEqual(
      ['anthropic', 'google', 'ollama', 'openai', 'openai-compatible', 'openrouter'].sort(),
    );
  });

  it('rejects an unknown provider and lists the known ones', () => {
    const attempt = () => resolveLanguageModel('mistral:large', { env: {} });
    expect(attempt).toThrow(UnknownIdError);
    expect(attempt).toThrow(/Unknown model provider "mistral".*openai.*anthropic.*ollama/);
  });

  it.each([
    ['openai:gpt-4o', 'OPENAI_API_KEY'],
    ['anthropic:claude-sonnet-4-5', 'ANTHROPIC_API_KEY'],
    ['google:gemini-2.5-flash', 'GOOGLE_GENERATIVE_AI_API_KEY'],
    ['openrouter:openai/gpt-4o', 'OPENROUTER_API_KEY'],
  ])('a missing key for %s names %s', (id, variable) => {
    let thrown: unknown;
    try {
      resolveLanguageModel(id, { env: {} });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MissingApiKeyError);
    expect((thrown as MissingApiKeyError).variable).toBe(variable);
    expect((thrown as Error).message).toContain(variable);
  });

  it('reads keys from the injected env or the explicit key, never needing process.env', () => {
    expect(resolveLanguageModel('openai:gpt-4o', { env: { OPENAI_API_KEY: 'sk-test' } })).toMatchObject({
      modelId: 'gpt-4o',
    });
    expect(resolveLanguageModel('anthropic:claude-haiku-4-5', { env: {}, apiKey: 'key' })).toMatchObject({
      modelId: 'claude-haiku-4-5',
    });
  });

  it('ollama needs no key and has a local default base URL', () => {
    const model = resolveLanguageModel('ollama:llama3.1', { env: {} });
    expect(model).toMatchObject({ modelId: 'llama3.1' });
  });

  it('openai-compatible without a base URL names OPENAI_BASE_URL and the baseURL option', () => {
    const attempt = () => resolveLanguageModel('openai-compatible:qwen', { env: {} });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/OPENAI_BASE_URL or the "baseURL" option/);
    expect(
      resolveLanguageModel('openai-compatible:qwen', { env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' } }),
    ).toMatchObject({ modelId: 'qwen' });
  });

  it.each([
    ['anthropic:claude-haiku-4-5', '@ai-sdk/anthropic'],
    ['google:gemini-2.5-flash', '@ai-sdk/google'],
  ])('%s without its optional package %s fails at once, naming the install command', (id, name) => {
    // A lean install (`--omit=optional`) has no provider package but OpenAI's; the run must not start.
    const notInstalled = (packageName: string): string => {
      if (packageName === name) throw new Error(`Cannot find package '${packageName}'`);
      return packageName;
    };
    const attempt = () => resolveLanguageModel(id, { env: {}, apiKey: 'key', resolvePackage: notInstalled });
    expect(attempt).toThrow(MissingPackageError);
    expect(attempt).toThrow(`npm install ${name}`);
    // Providers in the lean install need no optional package.
    expect(
      resolveLanguageModel('openai:gpt-4o', { env: {}, apiKey: 'key', resolvePackage: notInstalled }),
    ).toMatchObject({ modelId: 'gpt-4o' });
  });

  it('rejects an id without a provider', () => {
    expect(() => resolveLanguageModel('gpt-4o', { env: {} })).toThrow(ConfigError);
  });
});
