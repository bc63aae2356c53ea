import { canonicalUrl } from '../../shared/index.js';
import { planEvent } from '../plan/sub-questions.js';
import type { ChosenAction } from '../prompts/action.js';
import type { StepContext } from '../run/step-context.js';
import { planResearch } from '../steps/plan.js';
import { runAction } from '../steps/registry.js';
import { firstStop, runCaps, type StopCondition, type StopSnapshot } from '../stop-conditions.js';
import { clarifyPhase } from './clarify-phase.js';
import { noClaims, type PolicyClaims, supervisorStep } from './default-policy.js';
import { openDiaryEntry } from './diary.js';
import { guarded, type Lane, loopTokensLeft, startLane } from './guarded.js';
import { type LeadChoice, leadChoice, policyTools } from './lead-choice.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';
import { growStepCap, noteStepTokens } from './loop-state.js';
import { reviewPhase } from './review-phase.js';
import { stepCapExtension } from './steering.js';
import { startSubResearchers } from './sub-researchers.js';
import { createTokenShares, type TokenShares } from './token-shares.js';

export type { EventOrigin, LoopEnd, LoopOptions, RunLimits } from './loop-options.js';

/** Id of the planner's own steps (the supervisor's) in a run with sub-researchers. */
const LEAD = 'lead';

/** The caps of the run, as they stand (the step cap may have grown once). */
function stopConditions(options: LoopOptions): StopCondition[] {
  const { run, loop, limits } = options;
  return runCaps({
    milliseconds: limits.loopDeadline - run.startedAt,
    spendableTokens: limits.spendableTokens,
    maxSteps: run.options.maxSteps + loop.counters.extendedSteps,
    maxConsecutiveFailures: run.options.maxConsecutiveFailures,
    maxAnswerAttempts: run.options.maxAnswerAttempts,
    maxRepeatedActions: run.options.maxRepeatedActions,
  });
}

/** The counters the stop conditions look at, read now. */
function snapshot(options: LoopOptions, now: number): StopSnapshot {
  const { counters } = options.loop;
  return {
    step: counters.step,
    elapsedMs: now - options.run.startedAt,
    tokensUsed: options.capabilities.llm.totals().usage.totalTokens,
    largestStepTokens: counters.largestStepTokens,
    consecutiveFailures: counters.consecutiveFailures,
    answerAttempts: options.run.drafts.attempts,
    repeatedActions: counters.repeatedActions,
  };
}

/** Whether the run has sub-researchers: several at once, or a pipeline. */
function hasSubResearchers(options: LoopOptions): boolean {
  return options.run.options.breadth > 1 || options.loop.strategy.pipeline;
}

/** Research actions: those a sub-researcher may run beside the planner's. */
function isResearch(action: ChosenAction): boolean {
  return action.type !== 'ready' && action.type !== 'answer' && action.type !== 'reflect';
}

/** What other sub-researchers leave to the lead's action: its sub-question and its pages. */
function claimsOf(choice: LeadChoice): PolicyClaims {
  const claims = noClaims();
  if (choice.subQuestionId) claims.subQuestions.add(choice.subQuestionId);
  const { action } = choice.output;
  // Claims compare by canonical URL, however the planner spelled it.
  if (action.type === 'read') for (const url of action.urls) claims.urls.add(canonicalUrl(url));
  return claims;
}

/**
 * Runs a round's steps to their end and records the tokens a step of it used on average (the
 * estimate the token cap checks the next step against), `settled` steps already ended included;
 * the first ending wins.
 */
async function settle(
  options: LoopOptions,
  steps: readonly Promise<LoopEnd | undefined>[],
  tokensBefore: number,
  settled = 0,
): Promise<LoopEnd | undefined> {
  const ends = await Promise.all(steps);
  const used = options.capabilities.llm.totals().usage.totalTokens - tokensBefore;
  const count = steps.length + settled;
  if (count > 0) noteStepTokens(options.loop, Math.ceil(used / count));
  return ends.find((end) => end !== undefined);
}

/** Starts the lead's step: a new step number, its `step-start`, its lane. */
function leadLane(options: LoopOptions, shares: TokenShares | undefined): Lane {
  return startLane(options, {
    lead: true,
    ...(hasSubResearchers(options) ? { subResearcher: LEAD } : {}),
    ...(shares ? { shares } : {}),
  });
}

/**
 * One round led by the planner: it chooses an action (see `leadChoice`), and when that action
 * researches, up to `breadth - 1` sub-researchers take the default policy's next step for other
 * open sub-questions at the same time, all drawing on one budget.
 */
async function agentRound(options: LoopOptions): Promise<LoopEnd | undefined> {
  const tokensBefore = options.capabilities.llm.totals().usage.totalTokens;
  const shares = createTokenShares(options.capabilities.llm, () => loopTokensLeft(options));
  shares.join();
  const lane = leadLane(options, shares);
  let others: Promise<LoopEnd | undefined>[] = [];
  const lead = guarded(options, lane, async (context) => {
    const choice = await leadChoice(context, options);
    openDiaryEntry(options.loop, choice.output, lane.step);
    if (options.run.options.breadth > 1 && isResearch(choice.output.action)) {
      others = startSubResearchers(options, {
        count: options.run.options.breadth - 1,
        claims: claimsOf(choice),
        shares,
        alreadyRunning: 1,
      });
    }
    return runAction(context, choice.output.action);
  }).finally(() => shares.leave());
  const ended = await lead;
  const rest = await settle(options, others, tokensBefore, 1);
  return ended ?? rest;
}

/**
 * One round of the pipeline: up to `breadth` sub-researchers take the default policy's next step
 * for as many open sub-questions; when the policy has nothing left for any, the lead writes
 * (`ready`: the critique, then the answer), and when there is nothing new to write from either,
 * the run ends (`repeated_action`).
 */
async function pipelineRound(options: LoopOptions): Promise<LoopEnd | undefined> {
  const tokensBefore = options.capabilities.llm.totals().usage.totalTokens;
  const shares = createTokenShares(options.capabilities.llm, () => loopTokensLeft(options));
  const steps = startSubResearchers(options, {
    count: options.run.options.breadth,
    claims: noClaims(),
    shares,
    alreadyRunning: 0,
  });
  if (steps.length > 0) return settle(options, steps, tokensBefore);
  // Nothing to research and nothing new to write from: repeating would change nothing.
  if (!supervisorStep(options.run, policyTools(options)))
    return { stopReason: 'repeated_action', accepted: false };
  const lane = leadLane(options, undefined);
  return guarded(options, lane, async (context: StepContext) => {
    const choice = await leadChoice(context, options);
    openDiaryEntry(options.loop, choice.output, lane.step);
    return runAction(context, choice.output.action);
  });
}

/**
 * Why the loop must stop before the next round, if it must. Repeated actions end the run only when
 * the default policy has nothing new to do either; otherwise its next action is taken instead.
 */
function stopBeforeRound(options: LoopOptions, now: number): LoopEnd | undefined {
  const reason = firstStop(stopConditions(options), snapshot(options, now));
  if (reason === 'repeated_action' && supervisorStep(options.run, policyTools(options))) {
    options.loop.strategy.forcePolicy = true;
    return undefined;
  }
  return reason ? { stopReason: reason, accepted: false } : undefined;
}

/**
 * Plans, then runs rounds until an answer is accepted or a stop condition fires. With the `agent`
 * strategy (and `auto` until the planner failed twice) the planner chooses each round's action,
 * sub-researchers working other sub-questions beside it; with `pipeline` the default policy
 * drives every sub-researcher and the lead writes when they are done. Each step races the time
 * left, so a model that never answers cannot hold the run; the loop applies what each step
 * returns. Model errors and invalid output count as failed steps; a model that can no longer
 * answer (authentication, unreachable) ends the loop at once.
 */
export async function runLoop(options: LoopOptions): Promise<LoopEnd> {
  const { run, loop } = options;
  const now = options.now ?? Date.now;
  if (run.options.strategy === 'pipeline') loop.strategy.pipeline = true;
  const clarified = await clarifyPhase(options);
  if (clarified) return clarified;
  // A resumed run keeps the plan it had; only a fresh run asks the planner for one.
  if (run.plan.subQuestions.length === 0) {
    const planned = await guarded(options, { step: 0, lead: true }, async (context) => {
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

  for (;;) {
    if (options.signal?.aborted) return { stopReason: 'cancelled', accepted: false };
    const extension = stepCapExtension(run, loop.counters);
    if (extension > 0) growStepCap(loop, extension, run.options.maxSteps);
    const stop = stopBeforeRound(options, now());
    if (stop) return stop;
    const ended = loop.strategy.pipeline ? await pipelineRound(options) : await agentRound(options);
    if (ended) return ended;
  }
}
