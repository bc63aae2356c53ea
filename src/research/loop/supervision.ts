import type { SubQuestion } from '../../contract/index.js';
import { extractionBill } from '../steps/extract.js';
import type { Spoken } from './caps.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';
import { noClaims, type PolicyClaims } from './policy-step.js';
import type { TokenHold } from './token-budget.js';

/** One sub-researcher at work: its sub-question, its hold on the budget, what it still needs. */
export interface Worker {
  item: SubQuestion;
  hold: TokenHold;
  /** Steps it still needs to its sub-question's first finding (0 once it has one). */
  stepsNeeded: number;
  /** Settles once it has handed back. */
  done: Promise<void>;
}

/** What the lead (the supervisor) keeps of the research under way. */
export interface Supervision {
  /** Sub-researchers at work, by the id of their sub-question. */
  workers: Map<string, Worker>;
  /** What they hold: their sub-questions and the pages they read. */
  claims: PolicyClaims;
  /** The sub-question the lead works itself (agent strategy), which no sub-researcher takes. */
  leadOwn: string | undefined;
  /** Why the research ended, once it did: no step starts after. */
  ended: LoopEnd | undefined;
  /** The lead is about to write and waits for every sub-researcher to hand back: none starts. */
  draining: boolean;
}

/** No research under way. */
export function createSupervision(): Supervision {
  return { workers: new Map(), claims: noClaims(), leadOwn: undefined, ended: undefined, draining: false };
}

/** Steps and tokens spoken for by the sub-researchers at work (all but `except`). */
export function spokenFor(supervision: Supervision, except?: Worker): Spoken {
  let steps = 0;
  let tokens = 0;
  for (const worker of supervision.workers.values()) {
    if (worker === except) continue;
    steps += worker.stepsNeeded;
    tokens += worker.hold.remaining();
  }
  return { steps, tokens };
}

/**
 * Tokens one sub-researcher needs to reach a finding: the largest extraction of this run as the
 * budget admits calls (what it was billed, or what it needed free to start when that was more), or
 * before any, what the first is expected to bill (see `extractionBill`). The extraction's planner
 * fills the hold by the same estimate, so a hold sized from an extraction fits one like it.
 */
export function carryTokens(options: Pick<LoopOptions, 'budget' | 'run'>): number {
  const { budget, run } = options;
  return budget.largestCall('extractor') ?? extractionBill(budget.estimate, run);
}

/** Settles when every sub-researcher at work has handed back. */
export async function allHandedBack(supervision: Supervision): Promise<void> {
  while (supervision.workers.size > 0) {
    await Promise.all([...supervision.workers.values()].map((worker) => worker.done));
  }
}
