import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import { contextTokensFor, knownContextWindow } from './context-windows.js';

describe('model context windows', () => {
  it('knows models by their longest matching prefix, snapshots and tags included', () => {
    expect(knownContextWindow('openai:gpt-4o-mini-2024-07-18')).toBe(128_000);
    expect(knownContextWindow('openai:gpt-4.1-nano')).toBe(1_047_576);
    expect(knownContextWindow('anthropic:claude-sonnet-4-5-20250929')).toBe(200_000);
    expect(knownContextWindow('openrouter:meta-llama/llama-3.3-70b-instruct')).toBe(131_072);
    expect(knownContextWindow('ollama:llama3.1:8b')).toBe(131_072);
    expect(knownContextWindow('ollama:llama3:8b')).toBe(8_192);
    expect(knownContextWindow('ollama:qwen2.5:7b')).toBe(32_768);
    expect(knownContextWindow('openai-compatible:my-finetune')).toBeUndefined();
  });

  it('uses the smallest window of a role and its fallbacks, 8192 for unknown models, and the override', () => {
    const config = parseResearchConfig({
      model: 'openai:gpt-4o',
      writerModel: 'google:gemini-2.5-pro',
      fallbackModels: ['ollama:qwen2.5:7b'],
    });
    expect(contextTokensFor(config, 'writer')).toBe(32_768);
    expect(contextTokensFor(parseResearchConfig({ model: 'openai-compatible:x' }), 'planner')).toBe(8_192);
    expect(contextTokensFor({ ...config, contextTokens: 50_000 }, 'writer')).toBe(50_000);
  });
});
