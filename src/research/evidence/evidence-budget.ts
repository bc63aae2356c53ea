import { EVIDENCE_CONTEXT_SHARE, EVIDENCE_TOKENS_LEFT_SHARE } from '../constants.js';

/** Share of a context window a call's output may take at most. */
const OUTPUT_SHARE_OF_CONTEXT = 0.35;

/** Output tokens a call asks for: its own cap, but never more than a third of the model's window. */
export function outputTokensFor(contextTokens: number, maxOutputTokens: number): number {
  return Math.max(256, Math.min(maxOutputTokens, Math.floor(contextTokens * OUTPUT_SHARE_OF_CONTEXT)));
}

/**
 * Tokens of evidence one prompt may carry: a share of what the model's window leaves after the
 * prompt's fixed parts and the output, and a share of what the run may still spend, whichever is less.
 */
export function evidenceBudget(options: {
  contextTokens: number;
  fixedTokens: number;
  outputTokens: number;
  tokensLeft: number;
  /** Share of the tokens left (default EVIDENCE_TOKENS_LEFT_SHARE). */
  leftShare?: number;
}): number {
  const room = (options.contextTokens - options.fixedTokens - options.outputTokens) * EVIDENCE_CONTEXT_SHARE;
  const affordable = options.tokensLeft * (options.leftShare ?? EVIDENCE_TOKENS_LEFT_SHARE);
  return Math.max(0, Math.floor(Math.min(room, affordable)));
}
