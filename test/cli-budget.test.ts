/**
 * Item 17.9: a token budget is a hard cap. Whatever the model does — cooperate, report more prompt
 * tokens than the engine estimates, use every output token it is allowed, answer garbage — a run
 * never uses, and never reports, more tokens than `--token-budget`; the tokens it reports are the
 * ones the model server counted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakeChatRequest, FakeLlmReply } from '../src/testing/fake-llm-server.js';
import { runCli } from './helpers/run-cli.js';

const question = 'When was the Eiffel Tower completed?';
let world: DemoWorld | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The output cap the engine sent (the AI SDK's openai-compatible provider sends `max_tokens`). */
function outputCap(request: FakeChatRequest): number {
  const cap = request.max_tokens ?? request.max_completion_tokens;
  return typeof cap === 'number' ? cap : Number.POSITIVE_INFINITY;
}

/** Counts what the model server reports, as a provider's bill would. */
function metered(reply: (request: FakeChatRequest) => { text: string; promptTokens: number }) {
  const billed = { tokens: 0, calls: 0, uncapped: 0 };
  const script = (request: FakeChatRequest): FakeLlmReply => {
    const { text, promptTokens } = reply(request);
    const cap = outputCap(request);
    if (!Number.isFinite(cap)) billed.uncapped += 1;
    // A real server never writes past max_tokens: the text is cut there (4 characters a token).
    const cut = Number.isFinite(cap) ? text.slice(0, cap * 4) : text;
    const completionTokens = Math.max(1, Math.min(cap, Math.ceil(cut.length / 4)));
    billed.tokens += promptTokens + completionTokens;
    billed.calls += 1;
    return { text: cut, usage: { promptTokens, completionTokens } };
  };
  return { script, billed };
}

const promptChars = (request: FakeChatRequest) => JSON.stringify(request.messages ?? []).length;

const models: Record<string, (request: FakeChatRequest) => { text: string; promptTokens: number }> = {
  cooperative: (request) => ({
    text: cooperativeResearcher(request),
    promptTokens: Math.ceil(promptChars(request) / 4),
  }),
  // A tokenizer that counts twice what the engine's estimate assumes.
  'counting more prompt tokens than estimated': (request) => ({
    text: cooperativeResearcher(request),
    promptTokens: Math.ceil(promptChars(request) / 1.5),
  }),
  // Ignores the schema and writes until it is cut off.
  'rambling until cut off': (request) => ({
    text: 'More words about towers and the research at hand. '.repeat(2000),
    promptTokens: Math.ceil(promptChars(request) / 4),
  }),
  'malformed JSON': (request) => ({
    text: '{"action": {"type": "search", "queries": [',
    promptTokens: Math.ceil(promptChars(request) / 4),
  }),
};

describe('--token-budget is a hard cap', () => {
  for (const [name, reply] of Object.entries(models)) {
    it.each([5000, 2000])(
      `${name}: --token-budget %i`,
      async (budget) => {
        const { script, billed } = metered(reply);
        world = await startDemoWorld({ script });
        const run = await runCli([
          question,
          ...world.args,
          '--token-budget',
          String(budget),
          '--json',
          '--quiet',
        ]);
        expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
        // A budget too small for any answer fails, saying so; otherwise the best answer within it.
        if (run.code !== 0) expect(run.stderr).toMatch(/token budget/);
        const result = JSON.parse(run.stdout);
        expect(['completed', 'best_effort', 'failed']).toContain(result.status);
        expect(result.stopReason).toBe('token_budget');
        expect(billed.tokens).toBeLessThanOrEqual(budget);
        expect(result.usage.totalTokens).toBeLessThanOrEqual(budget);
        expect(result.usage.totalTokens).toBe(billed.tokens);
        expect(billed.uncapped).toBe(0);
      },
      120_000,
    );
  }
});
