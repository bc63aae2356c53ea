import { describe, expectTypeOf, it } from 'vitest';
import type { ActionKind } from '../../src/contract/index.js';
import type { ChosenAction } from '../../src/research/prompts/action.js';
import type { StepContext } from '../../src/research/run/step-context.js';
import type { StepOutcome } from '../../src/research/run/step-outcome.js';
import type { runAction, stepRegistry } from '../../src/research/steps/registry.js';

type Registry = typeof stepRegistry;

describe('the step registry', () => {
  it('has one step for each action kind the contract lists, and no other', () => {
    expectTypeOf<keyof Registry>().toEqualTypeOf<ActionKind>();
  });

  it('gives each step the action of its own kind and takes back an outcome', () => {
    expectTypeOf<Parameters<Registry['search']>>().toEqualTypeOf<
      [StepContext, Extract<ChosenAction, { type: 'search' }>]
    >();
    expectTypeOf<Parameters<Registry['compute']>>().toEqualTypeOf<
      [StepContext, Extract<ChosenAction, { type: 'compute' }>]
    >();
    expectTypeOf<ReturnType<Registry['ready']>>().toEqualTypeOf<Promise<StepOutcome> | StepOutcome>();
  });

  it('takes, over all kinds, every action the planner can choose, so runAction needs no cast', () => {
    expectTypeOf<Parameters<Registry[ActionKind]>[1]>().toEqualTypeOf<ChosenAction>();
    expectTypeOf<Parameters<typeof runAction>>().toEqualTypeOf<[StepContext, ChosenAction]>();
  });
});
