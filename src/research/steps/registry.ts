import type { ActionKind } from '../../contract/index.js';
import type { ChosenAction } from '../prompts/action.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { computeStep } from './compute.js';
import { readMapStep } from './corpus-map.js';
import { readFileStep } from './corpus-read.js';
import { searchCorpusStep } from './corpus-search.js';
import { resolveSymbolStep } from './corpus-symbol.js';
import { deepReadStep } from './deep-read.js';
import { readStep } from './read.js';
import { readyStep } from './ready.js';
import { reflectStep } from './reflect.js';
import { searchStep } from './search.js';

type StepRunner<A extends ChosenAction> = (
  context: StepContext,
  action: A,
) => Promise<StepOutcome> | StepOutcome;

/** Each action kind's action, as the planner's parsed choice holds it. */
type ActionByKind = { [K in ActionKind]: Extract<ChosenAction, { type: K }> };

/**
 * Each action kind's step, keyed by the action's `type`: every kind the contract lists has one, and
 * an action the schema offers outside that list has none (it fails to compile in `runAction`).
 */
export const stepRegistry: { [K in ActionKind]: StepRunner<ActionByKind[K]> } = {
  search: searchStep,
  read: readStep,
  'deep-read': deepReadStep,
  search_corpus: searchCorpusStep,
  read_file: readFileStep,
  resolve_symbol: resolveSymbolStep,
  read_map: readMapStep,
  reflect: reflectStep,
  ready: readyStep,
  answer: readyStep,
  compute: computeStep,
};

/** Runs the step registered for the action's kind. */
export function runAction(context: StepContext, action: ChosenAction): Promise<StepOutcome> | StepOutcome {
  return runStep(action.type, context, action);
}

/**
 * Indexing the mapped registry with a generic kind gives that kind's runner, which takes
 * `ActionByKind[K]`; `runAction` calls it with the whole union, which `ActionByKind[ActionKind]` is.
 */
function runStep<K extends ActionKind>(
  kind: K,
  context: StepContext,
  action: ActionByKind[K],
): Promise<StepOutcome> | StepOutcome {
  const runner: StepRunner<ActionByKind[K]> = stepRegistry[kind];
  return runner(context, action);
}
