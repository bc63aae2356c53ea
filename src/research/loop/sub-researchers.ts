import { runAction } from '../steps/registry.js';
import { firstStop, maxSteps, timeBudget, tokenBudget } from '../stop-conditions.js';
import { nextPolicyStep, type PolicyClaims } from './default-policy.js';
import { guarded, startLane } from './guarded.js';
import { policyTools } from './lead-choice.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';
import type { TokenShares } from './token-shares.js';

/** Whether one more step fits the run's time, tokens (`launched` steps already under way) and steps. */
function roomForStep(options: LoopOptions, launched: number): boolean {
  const { run, loop, limits, capabilities } = options;
  const now = (options.now ?? Date.now)();
  const caps = [
    timeBudget(limits.loopDeadline - run.startedAt),
    tokenBudget(limits.spendableTokens),
    maxSteps(run.options.maxSteps + loop.counters.extendedSteps),
  ];
  const { counters } = loop;
  const stop = firstStop(caps, {
    step: counters.step,
    elapsedMs: now - run.startedAt,
    tokensUsed: capabilities.llm.totals().usage.totalTokens + launched * counters.largestStepTokens,
    largestStepTokens: counters.largestStepTokens,
    consecutiveFailures: 0,
    answerAttempts: 0,
    repeatedActions: 0,
  });
  return stop === undefined;
}

/**
 * Starts up to `count` sub-researchers, one per open sub-question the default policy has a next
 * action for (those in `claims` are taken; pages one reads the others leave). Each takes one
 * step of its own — its step number, its id (the sub-question's) on every event and finding, its
 * share of the tokens — within the run's caps: none starts once the steps, the time or the tokens
 * (counting the steps under way) would not allow it. Returns the steps under way.
 */
export function startSubResearchers(
  options: LoopOptions,
  init: { count: number; claims: PolicyClaims; shares: TokenShares; alreadyRunning: number },
): Promise<LoopEnd | undefined>[] {
  const { run } = options;
  const tools = policyTools(options);
  const started: Promise<LoopEnd | undefined>[] = [];
  while (started.length < init.count && roomForStep(options, init.alreadyRunning + started.length)) {
    const step = nextPolicyStep(run, tools, init.claims);
    if (!step) break;
    const id = step.subQuestion.id;
    init.claims.subQuestions.add(id);
    const lane = startLane(options, { subResearcher: id, lead: false, shares: init.shares });
    init.shares.join();
    const task = guarded(options, lane, async (context) => {
      context.emit({
        type: 'thought',
        action: step.action.type,
        text: `Sub-researcher ${id} ("${step.subQuestion.text.slice(0, 120)}"): ${step.why}.`,
      });
      return runAction(context, step.action);
    });
    started.push(task.finally(() => init.shares.leave()));
  }
  return started;
}
