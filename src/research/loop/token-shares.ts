import type { Llm } from '../../llm/index.js';

/** Tokens several sub-researchers draw from at once, each call within a fair share of what is free. */
export interface TokenShares {
  /** The model layer as one sub-researcher sees it: each call limited to its share, reserved while it runs. */
  readonly llm: Llm;
  /** Tokens a sub-researcher may use now: its share of what no running call has reserved. */
  left(): number;
  /** One more sub-researcher draws from the shares (for the rest of the round). */
  join(): void;
  /** A sub-researcher is done: its share goes back to the others. */
  leave(): void;
}

/**
 * Splits what is left of the loop's tokens (`left()`: the spendable budget minus what was used)
 * between the sub-researchers of a round. A call is limited to an equal share of what no running
 * call has reserved, split between the sub-researchers without a call under way, and reserves
 * that limit until it settles: calls running at once never add up to more than was left, so the
 * run's token cap holds however many sub-researchers work.
 */
export function createTokenShares(llm: Llm, left: () => number): TokenShares {
  let members = 0;
  let reserved = 0;
  let running = 0;
  const free = () => Math.max(0, left() - reserved);
  const share = () => Math.floor(free() / Math.max(1, members - running));
  const reserve = async <T>(own: number | undefined, call: (tokenLimit: number) => Promise<T>) => {
    const limit = Math.max(0, Math.min(own ?? Number.POSITIVE_INFINITY, share()));
    reserved += limit;
    running += 1;
    try {
      return await call(limit);
    } finally {
      reserved -= limit;
      running -= 1;
    }
  };
  return {
    llm: {
      generateObject: (request) =>
        reserve(request.tokenLimit, (tokenLimit) => llm.generateObject({ ...request, tokenLimit })),
      generateText: (request) =>
        reserve(request.tokenLimit, (tokenLimit) => llm.generateText({ ...request, tokenLimit })),
      totals: () => llm.totals(),
    },
    left: share,
    join() {
      members += 1;
    },
    leave() {
      members = Math.max(0, members - 1);
    },
  };
}
