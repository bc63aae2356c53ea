import type { Llm } from '../llm/index.js';

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
