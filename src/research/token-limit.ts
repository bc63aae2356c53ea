import type { z } from 'zod';
import type { ModelRole } from '../contract/index.js';
import { estimateTokens, type Llm, schemaTextOf } from '../llm/index.js';

/** Output a call must be able to give for it to be worth making (the model layer's floor too). */
export const MIN_CALL_OUTPUT = 64;

/** A model call as the token budget estimates it, before it is made. */
export interface CallShape {
  role: ModelRole;
  system: string;
  prompt: string;
  /** A structured call's schema: its JSON Schema is shown with the prompt. */
  schema?: z.ZodType;
  /** Output a call of this kind is expected to give, until one is seen (default: the smallest). */
  expectedOutput?: number;
}

/** What one call takes, in tokens, as estimated: one figure for admission, holds, reserve and planning. */
export interface CallEstimate {
  /** Its prompt: system, prompt and, for a structured call, the schema, as the model layer estimates them. */
  prompt: number;
  /** What it needs free to be made: its prompt and the smallest output. */
  needs: number;
  /** What it is expected to bill: its prompt and the output expected of it (never less than `needs`). */
  bills: number;
}

/**
 * The one estimate of a call: what it needs free to start (its prompt, as the model layer estimates
 * it, and the smallest output) and what it is expected to bill (its prompt and `output`, the output a
 * call of its kind was seen to give, or else the one it is expected to give).
 */
export function callEstimate(call: CallShape, output = call.expectedOutput): CallEstimate {
  const texts = call.schema
    ? [call.system, call.prompt, schemaTextOf(call.schema)]
    : [call.system, call.prompt];
  const prompt = estimateTokens(...texts);
  const needs = prompt + MIN_CALL_OUTPUT;
  return { prompt, needs, bills: Math.max(needs, prompt + (output ?? 0)) };
}

/**
 * The model layer as one phase of a run sees it: every request may use at most what `left()` says
 * is left of the phase's tokens (the loop: the budget minus the final answer's reserve; the end of the
 * run: the whole budget). The model layer refuses a call that would not fit and caps the output of the
 * others, so the budget is a hard cap, not a wish.
 */
export function withTokenLimit(llm: Llm, left: () => number): Llm {
  const limit = (own: number | undefined) => Math.max(0, Math.min(own ?? Number.POSITIVE_INFINITY, left()));
  return {
    generateObject: (request) => llm.generateObject({ ...request, tokenLimit: limit(request.tokenLimit) }),
    generateText: (request) => llm.generateText({ ...request, tokenLimit: limit(request.tokenLimit) }),
    totals: () => llm.totals(),
  };
}
