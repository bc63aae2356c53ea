import type { ActionOutput } from './prompts/action.js';
import type { RunState } from './run-state.js';
import type { StepContext } from './steps/context.js';
import { gapStepsOver } from './steps/critique.js';
import type { StopCondition } from './stop-conditions.js';

/**
 * The action the engine takes itself this step, without asking the planner: `ready` once the
 * gap-filling steps after a critique are used up. Undefined when the planner chooses.
 */
export async function plannedByEngine(context: StepContext): Promise<ActionOutput | undefined> {
  const ready = gapStepsOver(context.state);
  if (!ready) return undefined;
  context.emit({ type: 'thought', action: 'ready', text: ready.reason });
  return { think: ready.reason, action: ready };
}

/** Whether research still has gaps worth more steps: open sub-questions or critique gaps being filled. */
function gapsRemain(state: RunState): boolean {
  return state.critique.active || state.subQuestions.some((item) => item.status === 'open');
}

/**
 * Stops once `maxSteps` steps have run, unless `extendSteps` allows more: then, the first time
 * the cap is reached while gaps remain, it grows once by `extendSteps` (an observation says so
 * through the state's note), and that is the hard cap.
 */
export function extendableMaxSteps(state: RunState): StopCondition {
  return (snapshot) => {
    const cap = state.options.maxSteps + state.extendedSteps;
    if (snapshot.step < cap) return undefined;
    if (state.extendedSteps === 0 && state.options.extendSteps > 0 && gapsRemain(state)) {
      state.extendedSteps = state.options.extendSteps;
      state.lastStepNote = `the step cap grew once by ${state.options.extendSteps} steps to ${cap + state.options.extendSteps} because gaps remain; close them, then say ready.`;
      return undefined;
    }
    return 'max_steps';
  };
}
