import { capReached } from './caps.js';
import { policyTargets, supervisorStep } from './default-policy.js';
import { policyTools } from './lead-choice.js';
import { leadStep } from './lead-step.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';
import { growStepCap } from './loop-state.js';
import { stepCapExtension } from './steering.js';
import { startSubResearchers } from './sub-researchers.js';
import { createSupervision, type Supervision, spokenFor } from './supervision.js';

/** What the lead's policy decides from: the records, the tools, the lines of research. */
function policyInput(options: LoopOptions) {
  return { run: options.run, tools: policyTools(options), lines: options.loop.lines };
}

/** The research was cancelled. */
const CANCELLED: LoopEnd = { stopReason: 'cancelled', accepted: false };

/**
 * The sub-question the lead works itself with the `agent` strategy: the one it had while it is
 * open and uncovered, else the first open one no sub-researcher holds.
 */
function leadOwn(options: LoopOptions, supervision: Supervision): string | undefined {
  const targets = policyTargets(options.run).filter((item) => !supervision.workers.has(item.id));
  const current = targets.find((item) => item.id === supervision.leadOwn);
  return (current ?? targets[0])?.id;
}

/**
 * Whether the lead takes a step now, waits for a sub-researcher to hand back, or the research ends.
 * With the `agent` strategy the lead steps while it has a sub-question of its own or nobody else
 * works; in a pipeline only when no sub-researcher works (to write, or to stop). A cap that fires
 * while sub-researchers work makes the lead wait for them (what they need was spoken for).
 */
function leadTurn(options: LoopOptions, supervision: Supervision): 'step' | 'wait' | LoopEnd {
  const working = supervision.workers.size > 0;
  if (working && (options.loop.strategy.pipeline || supervision.leadOwn === undefined)) return 'wait';
  const reason = capReached(options, spokenFor(supervision));
  if (reason === 'repeated_action' && supervisorStep(policyInput(options))) {
    // The planner kept repeating itself: the default policy takes the lead's next step instead.
    options.loop.strategy.forcePolicy = true;
  } else if (reason) {
    return working ? 'wait' : { stopReason: reason, accepted: false };
  }
  if (working || !options.loop.strategy.pipeline) return 'step';
  // A pipeline with nobody at work: the lead writes, unless there is nothing new to write from.
  return supervisorStep(policyInput(options)) ? 'step' : { stopReason: 'repeated_action', accepted: false };
}

/**
 * Sub-researchers at work at once beside the lead: the pipeline's lead only writes. None while the
 * planner may still answer a trivial question directly, before anyone researched.
 */
function slots(options: LoopOptions): number {
  const { run, loop } = options;
  const { breadth, noDirectAnswer } = run.options;
  if (loop.strategy.pipeline) return breadth;
  const direct = run.plan.trivial && !noDirectAnswer && loop.counters.researchSteps === 0;
  return direct ? 0 : breadth - 1;
}

/**
 * The lead at work: it hands the open sub-questions to sub-researchers as work, a free one taking
 * the next at once (a queue, not rounds), never more than `breadth` at work nor more than the
 * budget and the step cap can carry to a finding each; with the `agent` strategy it researches a
 * sub-question of its own meanwhile, never one a sub-researcher holds. It writes once they have
 * handed back. Ends when an answer is accepted, a step stops the research, or a cap fires; steps
 * under way then finish first.
 */
export async function supervise(options: LoopOptions): Promise<LoopEnd> {
  const supervision = createSupervision();
  let lead: Promise<void> | undefined;
  for (;;) {
    if (options.signal?.aborted) supervision.ended ??= CANCELLED;
    if (!supervision.ended && !lead) {
      const extension = stepCapExtension(options.run, options.loop.counters);
      if (extension > 0) growStepCap(options.loop, extension, options.run.options.maxSteps);
      const pipeline = options.loop.strategy.pipeline;
      supervision.leadOwn = pipeline ? undefined : leadOwn(options, supervision);
      startSubResearchers(options, supervision, slots(options));
      const turn = leadTurn(options, supervision);
      if (turn === 'step') {
        lead = leadStep(options, supervision).then((ended) => {
          if (ended) supervision.ended ??= ended;
          lead = undefined;
        });
      } else if (turn !== 'wait') {
        supervision.ended = turn;
      }
    } else if (!supervision.ended) {
      startSubResearchers(options, supervision, slots(options));
    }
    const running = [...supervision.workers.values()].map((worker) => worker.done);
    if (lead) running.push(lead);
    // Nothing at work: the research ended (the lead steps whenever nobody else works).
    if (running.length === 0) return supervision.ended ?? { stopReason: 'repeated_action', accepted: false };
    await Promise.race(running);
  }
}
