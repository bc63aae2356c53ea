import type { ClaimVerdict } from '../../contract/index.js';
import { contextTokensFor, estimateTokens } from '../../llm/index.js';
import { CLAIMS_PER_JUDGE_CALL, STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { outputTokensFor } from '../evidence/evidence-budget.js';
import { type JudgeItem, judgePrompt, judgeSchema, judgeSystem } from '../prompts/judge-prompt.js';
import { softFailure } from '../run/soft-failure.js';
import type { StepContext } from '../run/step-context.js';

/** The judge's verdict on one sentence. */
export interface Judgement {
  verdict: ClaimVerdict['verdict'];
  reason: string;
}

/** Verdicts by sentence number, and why the sentences of failed calls were not judged. */
export interface Judgements {
  verdicts: Map<number, Judgement>;
  /** Sentences whose call failed (error, budget): neither supported nor known to be wrong. */
  unchecked: Map<number, string>;
}

/** Tokens of the schema and markup around the sentences of one call. */
const SCHEMA_TOKENS = 500;

/** Groups of sentences, each within CLAIMS_PER_JUDGE_CALL and the judge's window. */
function chunks(context: StepContext, items: readonly JudgeItem[]): JudgeItem[][] {
  const contextTokens = contextTokensFor(context.run.options, 'evaluator');
  const output = outputTokensFor(contextTokens, STEP_MAX_OUTPUT_TOKENS);
  const room =
    (contextTokens - output - estimateTokens(judgeSystem, judgePrompt(context.run, [])) - SCHEMA_TOKENS) *
    0.9;
  const groups: JudgeItem[][] = [];
  let current: JudgeItem[] = [];
  let tokens = 0;
  for (const item of items) {
    const cost = estimateTokens(judgePrompt(context.run, [item]));
    if (current.length > 0 && (current.length >= CLAIMS_PER_JUDGE_CALL || tokens + cost > room)) {
      groups.push(current);
      current = [];
      tokens = 0;
    }
    current.push(item);
    tokens += cost;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

async function askJudge(context: StepContext, items: readonly JudgeItem[]): Promise<Map<number, Judgement>> {
  const contextTokens = contextTokensFor(context.run.options, 'evaluator');
  const result = await context.llm.generateObject({
    role: 'evaluator',
    system: judgeSystem,
    prompt: judgePrompt(context.run, items),
    schema: judgeSchema,
    schemaName: 'claim_verdicts',
    abortSignal: context.signal,
    maxOutputTokens: outputTokensFor(contextTokens, STEP_MAX_OUTPUT_TOKENS),
  });
  const asked = new Set(items.map((item) => item.number));
  const verdicts = new Map<number, Judgement>();
  for (const entry of result.value.verdicts) {
    // Only the first verdict on a sentence counts; numbers not asked about are ignored.
    if (!entry || !asked.has(entry.claim) || verdicts.has(entry.claim)) continue;
    verdicts.set(entry.claim, { verdict: entry.verdict, reason: entry.reason.trim() || entry.verdict });
  }
  return verdicts;
}

/**
 * Has the evaluator judge each sentence against its quotes: one call per chunk of sentences, and
 * one more call for the sentences a reply left out. A sentence still without a verdict is
 * unsupported ("no verdict"). A failed call leaves its sentences unchecked, never supported.
 */
export async function judgeClaims(context: StepContext, items: readonly JudgeItem[]): Promise<Judgements> {
  const verdicts = new Map<number, Judgement>();
  const unchecked = new Map<number, string>();
  for (const group of chunks(context, items)) {
    try {
      for (const [number, judgement] of await askJudge(context, group)) verdicts.set(number, judgement);
      const missing = group.filter((item) => !verdicts.has(item.number));
      if (missing.length > 0) {
        for (const [number, judgement] of await askJudge(context, missing)) verdicts.set(number, judgement);
      }
      for (const item of group) {
        if (!verdicts.has(item.number))
          verdicts.set(item.number, { verdict: 'unsupported', reason: 'the checker gave no verdict' });
      }
    } catch (error) {
      const described = softFailure(context, error, `Checking ${group.length} claims against their quotes`);
      for (const item of group) {
        if (!verdicts.has(item.number)) unchecked.set(item.number, described.message);
      }
    }
  }
  return { verdicts, unchecked };
}
