import { describe, expect, it } from 'vitest';
import { costOf, priceFor } from './prices.js';

describe('priceFor', () => {
  it('prices common hosted models, snapshots included', () => {
    expect(priceFor('openai:gpt-4o-mini')).toEqual({ inputPerMillion: 0.15, outputPerMillion: 0.6 });
    expect(priceFor('openai:gpt-4o-2024-08-06')).toEqual(priceFor('openai:gpt-4o'));
    expect(priceFor('anthropic:claude-sonnet-4-5-20250929')).toEqual(priceFor('anthropic:claude-sonnet-4-5'));
    expect(priceFor('google:gemini-2.5-flash-preview-05-20')).toEqual(priceFor('google:gemini-2.5-flash'));
    expect(priceFor('openrouter:openai/gpt-4.1-mini')).toEqual(priceFor('openai:gpt-4.1-mini'));
  });

  it('does not guess: unknown models and local providers have no price', () => {
    expect(priceFor('openai:gpt-9-ultra')).toBeNull();
    expect(priceFor('anthropic:claude-opus-4-6')).toBeNull();
    expect(priceFor('ollama:llama3.1')).toBeNull();
    expect(priceFor('openai-compatible:gpt-4o')).toBeNull();
  });

  it('uses overrides for local models', () => {
    const overrides = { 'ollama:llama3.1': { inputPerMillion: 1, outputPerMillion: 2 } };
    expect(priceFor('ollama:llama3.1', overrides)).toEqual({ inputPerMillion: 1, outputPerMillion: 2 });
  });

  it('computes cost in USD per million tokens', () => {
    const price = priceFor('openai:gpt-4o');
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 500_000 }, price)).toBeCloseTo(7.5);
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, null)).toBeNull();
  });
});
