import { planEvent } from '../plan/sub-questions.js';
import { planResearch } from '../steps/plan.js';
import { clarifyPhase } from './clarify-phase.js';
import { guarded } from './guarded.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';
import { reviewPhase } from './review-phase.js';
import { supervise } from './supervisor.js';

export type { EventOrigin, LoopEnd, LoopOptions, RunLimits } from './loop-options.js';

/**
 * Plans, then researches until an answer is accepted or a stop condition fires (see `supervise`).
 * With the `agent` strategy (and `auto` until the planner failed twice) the planner chooses the
 * lead's actions, sub-researchers working other sub-questions beside it; with `pipeline` the
 * default policy drives every sub-researcher and the lead writes when they are done. Each step
 * races the time left, so a model that never answers cannot hold the run; the loop applies what
 * each step returns. Model errors and invalid output count as failed steps; a model that can no
 * longer answer (authentication, unreachable) ends the loop at once.
 */
export async function runLoop(options: LoopOptions): Promise<LoopEnd> {
  const { run, loop } = options;
  const now = options.now ?? Date.now;
  if (run.options.strategy === 'pipeline') loop.strategy.pipeline = true;
  const clarified = await clarifyPhase(options);
  if (clarified) return clarified;
  // A resumed run keeps the plan it had; only a fresh run asks the planner for one.
  if (run.plan.subQuestions.length === 0) {
    const lane = { step: 0, lead: true, budget: { waitsForHolds: true, spent: 0 } };
    const planned = await guarded(options, lane, async (context) => {
      await planResearch(context);
      return {};
    });
    if (planned) return planned;
  } else {
    // The plan of the interrupted run, again, as the step before the first (what every attempt has).
    const planStep = { step: 0 };
    options.emit(planEvent(run.plan), planStep);
    const elapsedMs = now() - run.startedAt;
    const tokensUsed = options.capabilities.llm.totals().usage.totalTokens;
    options.emit({ type: 'step-end', tokensUsed, elapsedMs }, planStep);
  }
  const reviewed = await reviewPhase(options);
  if (reviewed) return reviewed;
  return supervise(options);
}
