import { gapStepsOver, gapsRemain } from '../plan/critique-phase.js';
import type { ActionOutput } from '../prompts/action.js';
import type { RunRecords } from '../run/run-records.js';
import type { StepContext } from '../run/step-context.js';
import type { LoopCounters } from './loop-state.js';

/** Why the engine says ready itself once the gap-filling steps are used up. */
const GAP_STEPS_OVER = 'The gap-filling steps are used; the answer is written from what was found.';

/**
 * The action the engine takes itself this step, without asking the planner: `ready` once the
 * gap-filling steps after a critique are used up (see `gapStepsOver`, which counts them). Undefined
 * when the planner chooses.
 */
export function plannedByEngine(context: Pick<StepContext, 'run' | 'emit'>): ActionOutput | undefined {
  if (!gapStepsOver(context.run.critique)) return undefined;
  context.emit({ type: 'thought', action: 'ready', text: GAP_STEPS_OVER });
  return { think: GAP_STEPS_OVER, action: { type: 'ready', reason: GAP_STEPS_OVER } };
}

/**
 * Steps to add to the cap before the next step: `extendSteps` the first time `maxSteps` is reached
 * while gaps remain (open sub-questions, or a critique's gaps being filled), else 0. The cap grows
 * once; after that it is the hard cap.
 */
export function stepCapExtension(run: RunRecords, counters: LoopCounters): number {
  const { maxSteps, extendSteps } = run.options;
  if (counters.step < maxSteps + counters.extendedSteps) return 0;
  return counters.extendedSteps === 0 && extendSteps > 0 && gapsRemain(run) ? extendSteps : 0;
}
