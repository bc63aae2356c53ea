import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FINAL_ANSWER_RESERVE } from '../../config/index.js';
import type { ResearchEvent } from '../../contract/index.js';
import { estimateTokens, isLlmError, schemaTextOf } from '../../llm/index.js';
import { createFakeLlm } from '../../testing/fake-llm.js';
import { createFakeReader } from '../../testing/fake-reader.js';
import { createFakeSearch } from '../../testing/fake-search.js';
import { towerModel, towerWorld } from '../../testing/tower-world.js';
import { research } from '../index.js';
import { createTokenBudget } from './token-budget.js';

const request = (maxOutputTokens: number) => ({
  role: 'extractor' as const,
  system: 'Extract.',
  prompt: 'Some page.',
  schema: z.object({}).passthrough(),
  schemaName: 'findings',
  maxOutputTokens,
});

describe('the token budget', () => {
  it('starts no call while the worst case of those under way leaves no room for its own: it waits', async () => {
    let running = 0;
    let most = 0;
    const llm = createFakeLlm({
      object: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return {};
      },
      tokensPerCall: 300,
    });
    // Each call may spend up to 2 × (its prompt and schema + 1,000): two never fit in 4,000 at once.
    const budget = createTokenBudget(llm, { limit: 4_000 });
    const lane = { waitsForHolds: false, spent: 0 };
    const calls = Array.from({ length: 4 }, () => budget.llmFor(lane).generateObject(request(1_000)));
    await Promise.all(calls);
    expect(most).toBe(1);
    expect(llm.totals().usage.totalTokens).toBe(1_200);
    expect(lane.spent).toBe(1_200);
  });

  it('refuses a call only when waiting could not make room', async () => {
    const llm = createFakeLlm({ object: () => ({}), tokensPerCall: 300 });
    const budget = createTokenBudget(llm, { limit: 700 });
    const lane = { waitsForHolds: false, spent: 0 };
    await budget.llmFor(lane).generateObject(request(1_000));
    // 400 are left: the prompt and the smallest output fit, so the call is made with what is left.
    await budget.llmFor(lane).generateObject(request(1_000));
    expect(llm.calls.at(-1)?.tokenLimit).toBe(400);
    const refused = await budget
      .llmFor(lane)
      .generateObject(request(1_000))
      .catch((error: unknown) => error);
    expect(isLlmError(refused) && refused.code).toBe('budget_exhausted');
  });

  it('admits a call with what its estimate says it needs free, its schema counted as the model layer counts it', async () => {
    const llm = createFakeLlm({ object: () => ({ findings: [] }), tokensPerCall: 64 });
    const schema = z.object({ findings: z.array(z.object({ claim: z.string(), quote: z.string() })) });
    const call = { ...request(1_000), schema, prompt: 'p'.repeat(900) };
    const needs = createTokenBudget(llm, { limit: 10_000 }).estimate(call).needs;
    const lane = { waitsForHolds: false, spent: 0 };
    // What the model layer refuses below: the prompt, the schema's text and the smallest output.
    expect(needs).toBe(estimateTokens(call.system, call.prompt, schemaTextOf(schema)) + 64);
    await expect(
      createTokenBudget(llm, { limit: needs }).llmFor(lane).generateObject(call),
    ).resolves.toBeDefined();
    const short = await createTokenBudget(llm, { limit: needs - 1 })
      .llmFor(lane)
      .generateObject(call)
      .catch((error: unknown) => error);
    expect(isLlmError(short) && short.code).toBe('budget_exhausted');
  });

  it('keeps what it holds for a sub-researcher from the others, and gives it back', async () => {
    const llm = createFakeLlm({ object: () => ({}), tokensPerCall: 300 });
    const budget = createTokenBudget(llm, { limit: 3_000 });
    const hold = budget.hold(2_000);
    expect(budget.unheld()).toBe(1_000);
    expect(budget.leftFor({ waitsForHolds: true, spent: 0 })).toBe(1_000);
    expect(budget.leftFor({ hold, waitsForHolds: false, spent: 0 })).toBe(3_000);
    await budget.llmFor({ hold, waitsForHolds: false, spent: 0 }).generateObject(request(100));
    expect(hold.remaining()).toBe(1_700);
    hold.release();
    expect(budget.unheld()).toBe(2_700);
  });

  it('counts a call that overspends in full and keeps the largest overspend as a margin for later calls', async () => {
    const llm = createFakeLlm({ object: () => ({}), tokensPerCall: 350, tokensSpent: 600 });
    const budget = createTokenBudget(llm, { limit: 2_000 });
    const lane = { waitsForHolds: false, spent: 0 };
    // Asked for at most 400, it spends 600; the next call's worst case is its limit and 200 more.
    await budget.llmFor(lane).generateObject({ ...request(1_000), tokenLimit: 400 });
    expect(budget.margin()).toBe(200);
    const spent = async () => {
      try {
        await budget.llmFor(lane).generateObject(request(1_000));
        return true;
      } catch {
        return false;
      }
    };
    while (await spent()) {
      // Spends until the next call's worst case no longer fits.
    }
    expect(llm.totals().usage.totalTokens).toBeLessThanOrEqual(2_000);
  });

  it('leaves the final answer two calls as the budget admits them, when the model bills less than a prompt is estimated', async () => {
    // Every call is billed 600 tokens, but a prompt of 2,160 characters is estimated at 720 and the
    // budget makes no call without that and the smallest output (784 tokens) free.
    const llm = createFakeLlm({ object: () => ({}), text: () => 'An answer.', tokensPerCall: 600 });
    const budget = createTokenBudget(llm, { limit: 5_280, total: 6_000 });
    const lane = { waitsForHolds: false, spent: 0 };
    const large = { system: 'S', prompt: 'x'.repeat(2_160) };
    await budget.llmFor(lane).generateObject({ ...request(1_000), ...large });
    // The loop's small calls spend what its limit leaves.
    const small = () => budget.llmFor(lane).generateObject({ ...request(600), tokenLimit: 600 });
    while (
      await small().then(
        () => true,
        () => false,
      )
    ) {}
    budget.setLimit(6_000);
    const final = budget.llmFor({ waitsForHolds: true, spent: 0 });
    await final.generateText({ role: 'writer', ...large });
    await expect(
      final.generateObject({ ...request(1_000), role: 'evaluator', ...large }),
    ).resolves.toBeDefined();
    expect(llm.totals().usage.totalTokens).toBeLessThanOrEqual(6_000);
  });
});

describe('an answer the loop writes before the final answer rewrites it', () => {
  it('leaves the final answer its writer and claim check: the reserve counts the loop writer from its admission', async () => {
    // The extractor's calls bill 500, the writer's 1,100 and the claim check's 600; each is refused
    // with less free than it bills.
    const bills = { extractor: 500, writer: 1_100, evaluator: 600, planner: 500 } as const;
    const llm = createFakeLlm({
      object: () => ({}),
      text: () => 'An answer.',
      tokensPerCall: (call) => bills[call.role],
    });
    const budget = createTokenBudget(llm, { limit: 5_280, total: 6_000 });
    const lane = { waitsForHolds: false, spent: 0 };
    for (let call = 0; call < 7; call += 1) await budget.llmFor(lane).generateObject(request(1_000));
    // The loop's own answer: its writer's prompt (3,000 characters) is larger than any call so far.
    const writer = { role: 'writer' as const, system: 'Write.', prompt: 'w'.repeat(3_000) };
    await budget
      .llmFor(lane)
      .generateText(writer)
      .catch(() => undefined);
    budget.setLimit(6_000);
    const final = budget.llmFor({ waitsForHolds: true, spent: 0 });
    await final.generateText(writer);
    const check = { ...request(1_000), role: 'evaluator' as const, prompt: 'c'.repeat(1_500) };
    await expect(final.generateObject(check)).resolves.toBeDefined();
    expect(llm.totals().usage.totalTokens).toBeLessThanOrEqual(6_000);
  });
});

describe('a run on a model layer that overspends', () => {
  const world = towerWorld(8);
  it.each(['agent', 'pipeline'] as const)(
    'ends within its budget, the final answer within its reserve (%s)',
    async (strategy) => {
      for (const tokenBudget of [4_000, 6_000, 12_000]) {
        for (const breadth of [1, 3, 8]) {
          const events: ResearchEvent[] = [];
          const result = await research(
            { question: world.question, noDirectAnswer: true, strategy, breadth, tokenBudget },
            {
              // Asked to stay within 350 tokens a call, every call spends 600.
              llm: towerModel(world, { tokensPerCall: 350, tokensSpent: 600, latency: () => 2 }),
              searchProviders: [createFakeSearch(world.search)],
              reader: createFakeReader(world.pages),
              onEvent: (event) => events.push(event),
            },
          );
          const label = `${strategy}, ${tokenBudget} tokens, breadth ${breadth}`;
          expect(result.usage.totalTokens, label).toBeLessThanOrEqual(tokenBudget);
          const loopSpent = Math.max(
            0,
            ...events.flatMap((event) => (event.type === 'step-end' ? [event.tokensUsed] : [])),
          );
          expect(loopSpent, label).toBeLessThanOrEqual(tokenBudget * (1 - FINAL_ANSWER_RESERVE));
        }
      }
    },
  );
});

describe('the final answer keeps what its calls need', () => {
  it.each(['agent', 'pipeline'] as const)(
    'checks the answer it writes when its calls cost more than the reserve (%s)',
    async (strategy) => {
      const world = towerWorld(8);
      // Every call costs its prompt (4 characters a token) and 50 tokens of output: the writer's and
      // the claim check's calls cost more than the reserve of 12% of the budget.
      const llm = towerModel(world, {
        tokensPerCall: (call) => Math.ceil((call.system.length + call.prompt.length) / 4) + 50,
      });
      const result = await research(
        { question: world.question, noDirectAnswer: true, strategy, breadth: 1, tokenBudget: 6_000 },
        { llm, searchProviders: [createFakeSearch(world.search)], reader: createFakeReader(world.pages) },
      );
      expect(result.usage.totalTokens).toBeLessThanOrEqual(6_000);
      expect(result.claims.total).toBeGreaterThan(0);
      expect(result.claims.unchecked ?? []).toEqual([]);
      expect(result.claims.supported).toBe(result.claims.total);
    },
  );
});

describe('a run whose model bills less than its prompts are estimated', () => {
  // Every call is billed the same whatever its prompt, less than the final answer's prompts are
  // estimated to need: however the loop's calls fall, the loop leaves the answer room to be checked.
  it.each([
    { billed: 300, tokenBudget: 4_000 },
    { billed: 600, tokenBudget: 6_000 },
  ])(
    'checks the claims of its answer ($billed tokens a call, $tokenBudget tokens)',
    async ({ billed, tokenBudget }) => {
      const world = towerWorld(8);
      const result = await research(
        { question: world.question, noDirectAnswer: true, strategy: 'pipeline', breadth: 8, tokenBudget },
        {
          llm: towerModel(world, { tokensPerCall: 64, tokensSpent: billed }),
          searchProviders: [createFakeSearch(world.search)],
          reader: createFakeReader(world.pages),
        },
      );
      expect(result.usage.totalTokens).toBeLessThanOrEqual(tokenBudget);
      expect(result.claims.total).toBeGreaterThan(0);
      expect(result.claims.unchecked ?? []).toEqual([]);
      expect(result.claims.supported).toBe(result.claims.total);
    },
  );
});
