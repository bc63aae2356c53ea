import type { z } from 'zod';
import type { ModelRole } from '../../contract/index.js';
import { type Llm, LlmError, type LlmRequestBase, type LlmResult } from '../../llm/index.js';
import type { CallEstimate, CallShape } from '../token-limit.js';
import { createCallSizes } from './call-sizes.js';

/** Tokens held for one sub-researcher: what its calls may spend before any other lane's. */
export interface TokenHold {
  /** Tokens still held: the grant less what its calls spent and reserve. */
  remaining(): number;
  /** Holds `tokens` more (a sub-researcher given budget again as it needs it). */
  grow(tokens: number): void;
  /** Gives back what is left (its sub-question has its finding, or it is done). */
  release(): void;
}

/** Who calls: the lead (the supervisor, who waits for sub-researchers to give back), or a sub-researcher with its hold. */
export interface BudgetLane {
  hold?: TokenHold;
  /** Wait for the holds of the others to be given back rather than be refused (the lead only: sub-researchers never wait for each other). */
  waitsForHolds: boolean;
  /** Tokens this lane's calls spent, counted by the budget. */
  spent: number;
}

/**
 * One token budget for every call of a run. A call starts only when the tokens spent, the worst
 * case of the calls under way and the tokens held for other sub-researchers leave room for its own
 * worst case (its prompt, as estimated, and its output cap, twice for a structured call that may be
 * retried); else it waits for a call to end, and is refused (`budget_exhausted`) only when waiting
 * could not make room. A call that spends more than its limit counts in full, and every later call's
 * worst case grows by the largest such overspend, so the budget holds against a model layer that
 * overspends.
 */
export interface TokenBudget {
  /** The model layer as `lane` sees it. */
  llmFor(lane: BudgetLane): Llm;
  /** Tokens `lane` may count on: the limit less what was spent, the overspend margin and the others' holds. */
  leftFor(lane: BudgetLane): number;
  /** Tokens no call under way and no hold has: what a new sub-researcher could be given. */
  unheld(): number;
  /** Holds `tokens` for a sub-researcher. */
  hold(tokens: number): TokenHold;
  /** The most a call spent past its limit so far (0 for a model layer that keeps its limits). */
  margin(): number;
  /**
   * The largest call of `role` so far, counted as the budget admits calls: what it was billed, or
   * what it needed free to be made (see `CallEstimate`) when that was more. A call counts from its
   * admission, before it is billed. Undefined before the first.
   */
  largestCall(role: ModelRole): number | undefined;
  /** The one estimate of a call (see `callEstimate`), its output the most a call of its role was seen to give. */
  estimate(call: CallShape): CallEstimate;
  /** Tokens the calls may spend now, in all: the limit, lowered while the final answer's calls need more than the reserve. */
  limit(): number;
  /** Sets the limit: the loop's, then the whole budget for the final answer (which keeps nothing back). */
  setLimit(limit: number): void;
}

/** A call's worst case: its prompt as estimated and its output cap, for each attempt it may make. */
function worstCase(request: LlmRequestBase, estimate: CallEstimate, structured: boolean): number {
  const output = request.maxOutputTokens ?? Number.POSITIVE_INFINITY;
  return (estimate.prompt + output) * (structured ? 2 : 1);
}

/** The error of a call that cannot be made within what is left. */
function exhausted(needed: number, left: number): LlmError {
  return new LlmError({
    code: 'budget_exhausted',
    model: 'budget',
    message: `A call needs about ${needed} tokens, but ${Math.max(0, Math.floor(left))} are left of the token budget; it was not made.`,
  });
}

/**
 * Creates the budget of a run whose calls go to `llm`, spending at most `limit` tokens (the loop's:
 * the budget less the final answer's reserve) and, while the limit is the loop's, leaving of `total`
 * (the whole budget) what the final answer's calls are seen to need when that is more than the
 * reserve: a run whose prompts are larger than the reserve still checks the answer it writes.
 */
export function createTokenBudget(llm: Llm, init: { limit: number; total?: number }): TokenBudget {
  let limit = init.limit;
  let total = init.total;
  let reserved = 0;
  let inFlight = 0;
  let overspend = 0;
  const holds = new Set<{ granted: number; used: number }>();
  const sizes = createCallSizes();
  let changed: { promise: Promise<void>; resolve: () => void } | undefined;
  const notify = () => {
    changed?.resolve();
    changed = undefined;
  };
  const nextChange = () => {
    if (!changed) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      changed = { promise, resolve };
    }
    return changed.promise;
  };
  const current = () => {
    if (total === undefined) return limit;
    return Math.min(limit, total - sizes.conclusion());
  };
  const entries = new WeakMap<TokenHold, { granted: number; used: number }>();
  const spent = () => llm.totals().usage.totalTokens;
  const heldBy = (entry: { granted: number; used: number }) => Math.max(0, entry.granted - entry.used);
  const heldByOthers = (lane: BudgetLane) => {
    const own = lane.hold ? entries.get(lane.hold) : undefined;
    let total = 0;
    for (const entry of holds) if (entry !== own) total += heldBy(entry);
    return total;
  };
  const freeFor = (lane: BudgetLane) => current() - spent() - reserved - overspend - heldByOthers(lane);

  /** Holds a call's worst case (its limit and the largest overspend seen) while it runs. */
  const reserve = (lane: BudgetLane, tokenLimit: number) => {
    const worst = tokenLimit + overspend;
    reserved += worst;
    inFlight += 1;
    const entry = lane.hold ? entries.get(lane.hold) : undefined;
    if (entry) entry.used += worst;
    return { tokenLimit, worst, entry };
  };

  /**
   * Waits until the call fits, or refuses it when nothing could make room; reserves its worst case
   * at once (before any other call is admitted) and returns its limit.
   */
  const admit = async (lane: BudgetLane, request: LlmRequestBase, schema: z.ZodType | undefined) => {
    const estimated = sizes.estimate({
      role: request.role,
      system: request.system,
      prompt: request.prompt,
      schema,
    });
    const minimum = estimated.needs;
    const wanted = Math.min(
      request.tokenLimit ?? Number.POSITIVE_INFINITY,
      worstCase(request, estimated, schema !== undefined),
    );
    sizes.admitting(request.role, estimated);
    for (;;) {
      if (request.abortSignal?.aborted) {
        throw new LlmError({ code: 'aborted', model: 'budget', message: 'The call was cancelled.' });
      }
      const free = freeFor(lane);
      const othersHold = lane.waitsForHolds && heldByOthers(lane) > 0;
      if (free >= wanted || (inFlight === 0 && !othersHold)) {
        const tokenLimit = Math.floor(Math.min(wanted, free));
        if (tokenLimit < minimum) throw exhausted(minimum, free);
        return { ...reserve(lane, tokenLimit), estimated };
      }
      await new Promise<void>((resolve) => {
        const signal = request.abortSignal;
        const done = () => {
          signal?.removeEventListener('abort', done);
          resolve();
        };
        signal?.addEventListener('abort', done, { once: true });
        void nextChange().then(done);
      });
    }
  };

  const run = async <T>(
    lane: BudgetLane,
    request: LlmRequestBase,
    schema: z.ZodType | undefined,
    call: (tokenLimit: number) => Promise<LlmResult<T>>,
  ): Promise<LlmResult<T>> => {
    const { tokenLimit, worst, entry, estimated } = await admit(lane, request, schema);
    let used = 0;
    try {
      const result = await call(tokenLimit);
      used = result.usage.totalTokens;
      overspend = Math.max(overspend, used - tokenLimit);
      sizes.billed(request.role, estimated, used);
      return result;
    } finally {
      reserved -= worst;
      inFlight -= 1;
      if (entry) entry.used += used - worst;
      lane.spent += used;
      notify();
    }
  };

  return {
    llmFor: (lane) => ({
      generateObject: (request) =>
        run(lane, request, request.schema, (tokenLimit) => llm.generateObject({ ...request, tokenLimit })),
      generateText: (request) =>
        run(lane, request, undefined, (tokenLimit) => llm.generateText({ ...request, tokenLimit })),
      totals: () => llm.totals(),
    }),
    leftFor: (lane) => Math.max(0, current() - spent() - overspend - heldByOthers(lane)),
    unheld: () => {
      let held = 0;
      for (const entry of holds) held += heldBy(entry);
      return Math.max(0, current() - spent() - reserved - overspend - held);
    },
    hold(tokens) {
      const entry = { granted: Math.max(0, tokens), used: 0 };
      holds.add(entry);
      const hold: TokenHold = {
        remaining: () => heldBy(entry),
        grow(more) {
          entry.granted = entry.used + heldBy(entry) + Math.max(0, more);
        },
        release() {
          holds.delete(entry);
          notify();
        },
      };
      entries.set(hold, entry);
      return hold;
    },
    margin: () => overspend,
    largestCall: (role) => sizes.largest(role),
    estimate: (call) => sizes.estimate(call),
    limit: current,
    setLimit(next) {
      limit = next;
      total = undefined;
      notify();
    },
  };
}
