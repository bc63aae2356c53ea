import type { ModelRole } from '../../contract/index.js';
import { type CallEstimate, type CallShape, callEstimate, MIN_CALL_OUTPUT } from '../token-limit.js';

/**
 * Calls the final answer makes at the least: the writer's and the claim check's. Their prompts carry
 * the findings as an extraction's carries a page, so each is taken to be the size of the largest
 * call so far of a role the final answer uses.
 */
const CONCLUSION_CALLS = 2;
/** The roles of the final answer's calls, which the reserve counts from their admission on. */
const CONCLUSION_ROLES: readonly ModelRole[] = ['writer', 'evaluator'];

/**
 * What the calls of a run were seen to take, by role: the one estimate of a call the token budget
 * admits by, and the sizes it holds and reserves by, all in the same units.
 */
export interface CallSizes {
  /**
   * The one estimate of a call (see `callEstimate`): its output the most a call of its role was seen
   * to give beyond its prompt, and what it needs free never less than the least a call of the run
   * was billed (given less, a model would cut it off or overspend).
   */
  estimate(call: CallShape): CallEstimate;
  /**
   * A call is about to be admitted. A call of a role the final answer uses counts at once: the loop's
   * own answer (a writer's and a claim check's call) cannot take what its rewrite by the final
   * answer will need.
   */
  admitting(role: ModelRole, estimate: CallEstimate): void;
  /** A call was billed `used` tokens. */
  billed(role: ModelRole, estimate: CallEstimate, used: number): void;
  /**
   * The largest call of `role` so far, as the budget admits calls: what it was billed, or what it
   * needed free to start when that was more. Undefined before the first.
   */
  largest(role: ModelRole): number | undefined;
  /**
   * Tokens the final answer's calls need: they follow each other, so all but the last are counted
   * at the largest bill and the last at the most a call needed free to start (roles but the
   * planner's, whose prompts carry the whole run's state and which the final answer does not ask).
   */
  conclusion(): number;
}

/** No call seen yet. */
export function createCallSizes(): CallSizes {
  const needs = new Map<ModelRole, number>();
  const bills = new Map<ModelRole, number>();
  const outputs = new Map<ModelRole, number>();
  let leastBill = 0;
  const most = (map: Map<ModelRole, number>, role: ModelRole, tokens: number) => {
    map.set(role, Math.max(map.get(role) ?? 0, tokens));
  };
  const largestOf = (map: Map<ModelRole, number>) => {
    let largest = 0;
    for (const [role, tokens] of map) if (role !== 'planner') largest = Math.max(largest, tokens);
    return largest;
  };
  return {
    estimate(call) {
      const estimated = callEstimate(call, outputs.get(call.role) ?? call.expectedOutput);
      const needed = Math.max(estimated.needs, leastBill);
      return { prompt: estimated.prompt, needs: needed, bills: Math.max(estimated.bills, needed) };
    },
    admitting(role, estimate) {
      if (!CONCLUSION_ROLES.includes(role)) return;
      most(needs, role, estimate.needs);
      most(bills, role, estimate.bills);
    },
    billed(role, estimate, used) {
      most(needs, role, estimate.needs);
      most(bills, role, used);
      most(outputs, role, Math.max(MIN_CALL_OUTPUT, used - estimate.prompt));
      if (used > 0) leastBill = leastBill === 0 ? used : Math.min(leastBill, used);
    },
    largest(role) {
      const need = needs.get(role);
      const bill = bills.get(role);
      return need === undefined && bill === undefined ? undefined : Math.max(need ?? 0, bill ?? 0);
    },
    conclusion: () => largestOf(needs) + (CONCLUSION_CALLS - 1) * largestOf(bills),
  };
}
