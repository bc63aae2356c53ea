import { generateText, Output, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createScriptedModel, hang, rateLimitError, replyWith } from './scripted-model.js';

describe('createScriptedModel', () => {
  it('plays a list in order, repeats the last reply and records the prompts', async () => {
    const model = createScriptedModel(['first', { answer: 42 }]);
    const texts: string[] = [];
    for (const prompt of ['a', 'b', 'c']) {
      const result = await generateText({ model, system: 'be brief', prompt });
      texts.push(result.text);
    }
    expect(texts).toEqual(['first', '{"answer":42}', '{"answer":42}']);
    expect(model.calls.map((call) => [call.prompt, call.system, call.callIndex])).toEqual([
      ['a', 'be brief', 0],
      ['b', 'be brief', 1],
      ['c', 'be brief', 2],
    ]);
  });

  it('answers structured output as JSON text or as a forced tool call', async () => {
    const schema = z.object({ answer: z.number() });
    const model = createScriptedModel((call) => (call.schemaName ? { answer: call.callIndex } : 'plain'));
    const json = await generateText({
      model,
      prompt: 'q',
      output: Output.object({ schema, name: 'result' }),
    });
    expect(json.output).toEqual({ answer: 0 });
    expect(model.calls[0]?.schemaName).toBe('result');
    const viaTool = await generateText({
      model,
      prompt: 'q',
      tools: { result: tool({ inputSchema: schema }) },
      toolChoice: 'required',
    });
    expect(viaTool.toolCalls[0]?.input).toEqual({ answer: 1 });
    expect(model.calls[1]?.toolCall).toBe(true);
  });

  it('streams text in chunks and reports the usage it was given', async () => {
    const model = createScriptedModel(
      replyWith('hello streaming world', { usage: { inputTokens: 7, outputTokens: 3 } }),
      {
        streamChunkSize: 5,
      },
    );
    const result = streamText({ model, prompt: 'q' });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) chunks.push(chunk);
    expect(chunks.join('')).toBe('hello streaming world');
    expect(chunks.length).toBeGreaterThan(1);
    expect((await result.usage).inputTokens).toBe(7);
  });

  it('throws scripted errors and hangs until aborted', async () => {
    const failing = createScriptedModel(rateLimitError(3));
    await expect(generateText({ model: failing, prompt: 'q', maxRetries: 0 })).rejects.toMatchObject({
      statusCode: 429,
      responseHeaders: { 'retry-after': '3' },
    });
    const silent = createScriptedModel(hang());
    const started = Date.now();
    await expect(
      generateText({ model: silent, prompt: 'q', maxRetries: 0, abortSignal: AbortSignal.timeout(50) }),
    ).rejects.toThrow();
    // Ended by the 50 ms abort, not by the test's own 30 s: generous for a busy machine.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
