import type { ChosenAction } from '../prompts/action.js';
import { runAction } from '../steps/registry.js';
import { openDiaryEntry } from './diary.js';
import { guarded, type Lane, startLane } from './guarded.js';
import { leadChoice } from './lead-choice.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';
import { runPolicyStep } from './policy-run.js';
import { readsOf } from './policy-step.js';
import { allHandedBack, type Supervision } from './supervision.js';

/** Id of the lead's own steps (the supervisor's) in a run with sub-researchers. */
const LEAD = 'lead';

/** Whether the run has sub-researchers: several at once, or a pipeline. */
export function hasSubResearchers(options: LoopOptions): boolean {
  return options.run.options.breadth > 1 || options.loop.strategy.pipeline;
}

/** Whether an action writes the answer, which waits for every sub-researcher's findings. */
function writes(action: ChosenAction): boolean {
  return action.type === 'ready' || action.type === 'answer';
}

/** The note that tells the planner what the sub-researchers hold, so it works something else. */
function heldNote(supervision: Supervision): string | undefined {
  const ids = [...supervision.workers.keys()];
  if (ids.length === 0) return undefined;
  return `sub-researchers are researching ${ids.join(', ')}; their findings come back to you, so work another sub-question.`;
}

/**
 * One step of the lead: its choice (the planner's, or the engine's, see `leadChoice`), never what a
 * sub-researcher holds. A choice to write waits until every sub-researcher has handed back (none
 * starts meanwhile), so the answer is written from all their findings.
 */
export function leadStep(options: LoopOptions, supervision: Supervision): Promise<LoopEnd | undefined> {
  const { loop } = options;
  const lane: Lane = startLane(options, {
    lead: true,
    ...(hasSubResearchers(options) ? { subResearcher: LEAD } : {}),
    budget: { waitsForHolds: true, spent: 0 },
  });
  const held = heldNote(supervision);
  if (held) loop.handBacks.push(held);
  const shown = loop.handBacks.length;
  return guarded(options, lane, async (context) => {
    // What was handed back until now is in this step's prompt; later hand-backs wait for the next.
    loop.handBacks.splice(0, shown);
    const choice = await leadChoice(context, options, supervision.claims);
    openDiaryEntry(loop, choice.output, lane.step);
    // What the lead reads, no sub-researcher starts reading meanwhile.
    for (const read of readsOf(choice.output.action)) supervision.claims.urls.add(read);
    if (choice.policy) return runPolicyStep(context, loop, choice.policy, lane);
    if (!writes(choice.output.action) || supervision.workers.size === 0)
      return runAction(context, choice.output.action);
    supervision.draining = true;
    try {
      await allHandedBack(supervision);
      return await runAction(context, choice.output.action);
    } finally {
      supervision.draining = false;
    }
  });
}
