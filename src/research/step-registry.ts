import { answerStep } from './answer-step.js';
import { deepReadStep } from './deep-read-step.js';
import type { ChosenAction } from './prompts/action.js';
import { readStep } from './read-step.js';
import { reflectStep } from './reflect-step.js';
import { searchStep } from './search-step.js';
import type { StepContext, StepOutcome } from './step-context.js';

type StepRunner<A extends ChosenAction> = (
  context: StepContext,
  action: A,
) => Promise<StepOutcome> | StepOutcome;

/** Each action kind's step, keyed by the action's `type`. */
export const stepRegistry: { [K in ChosenAction['type']]: StepRunner<Extract<ChosenAction, { type: K }>> } = {
  search: searchStep,
  read: readStep,
  'deep-read': deepReadStep,
  reflect: reflectStep,
  answer: answerStep,
};

/** Runs the step registered for the action's kind. */
export function runAction(context: StepContext, action: ChosenAction): Promise<StepOutcome> | StepOutcome {
  const runner = stepRegistry[action.type] as StepRunner<ChosenAction>;
  return runner(context, action);
}
