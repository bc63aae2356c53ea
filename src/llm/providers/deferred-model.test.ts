import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { deferredLanguageModel } from './deferred-model.js';

const callOptions = { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }] };

describe('deferredLanguageModel', () => {
  it('loads the package at the first call, once, and tries again after a failed load', async () => {
    let loads = 0;
    const loaded = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'hello' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      }),
    });
    const model = deferredLanguageModel({
      provider: 'example.messages',
      modelId: 'm1',
      load: async () => {
        loads += 1;
        if (loads === 1) throw new Error('package not installed yet');
        return loaded;
      },
    });
    expect(loads).toBe(0);
    expect(model).toMatchObject({ provider: 'example.messages', modelId: 'm1', specificationVersion: 'v3' });
    await expect(model.doGenerate(callOptions)).rejects.toThrow('package not installed yet');
    const result = await model.doGenerate(callOptions);
    expect(result.content).toEqual([{ type: 'text', text: 'hello' }]);
    await model.doGenerate(callOptions);
    expect(loads).toBe(2);
  });
});
