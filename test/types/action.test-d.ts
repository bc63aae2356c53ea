import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ActionKind } from '../../src/contract/index.js';
import type {
  ActionOutput,
  actionSchema,
  actionSchemaFor,
  ChosenAction,
  DeepReadAction,
  LegacyAnswerAction,
  ReadAction,
  ReadyAction,
  ReflectAction,
  SearchAction,
} from '../../src/research/prompts/action.js';
import type { ComputeAction } from '../../src/research/prompts/compute-action.js';
import type {
  ReadFileAction,
  ReadMapAction,
  ResolveSymbolAction,
  SearchCorpusAction,
} from '../../src/research/prompts/corpus-actions.js';

/** The action of one kind, as the planner's parsed choice holds it. */
type ActionOf<K extends ActionKind> = Extract<ChosenAction, { type: K }>;

describe('the action union, derived from the schemas', () => {
  it('has exactly the kinds the contract lists', () => {
    expectTypeOf<ChosenAction['type']>().toEqualTypeOf<ActionKind>();
  });

  it('holds each action as its own schema parses it', () => {
    expectTypeOf<ActionOf<'search'>>().toEqualTypeOf<SearchAction>();
    expectTypeOf<ActionOf<'read'>>().toEqualTypeOf<ReadAction>();
    expectTypeOf<ActionOf<'deep-read'>>().toEqualTypeOf<DeepReadAction>();
    expectTypeOf<ActionOf<'search_corpus'>>().toEqualTypeOf<SearchCorpusAction>();
    expectTypeOf<ActionOf<'read_file'>>().toEqualTypeOf<ReadFileAction>();
    expectTypeOf<ActionOf<'resolve_symbol'>>().toEqualTypeOf<ResolveSymbolAction>();
    expectTypeOf<ActionOf<'read_map'>>().toEqualTypeOf<ReadMapAction>();
    expectTypeOf<ActionOf<'compute'>>().toEqualTypeOf<ComputeAction>();
    expectTypeOf<ActionOf<'reflect'>>().toEqualTypeOf<ReflectAction>();
    expectTypeOf<ActionOf<'ready'>>().toEqualTypeOf<ReadyAction>();
    expectTypeOf<ActionOf<'answer'>>().toEqualTypeOf<LegacyAnswerAction>();
  });

  it('is what a run parses, whichever tools it offers', () => {
    expectTypeOf<z.infer<ReturnType<typeof actionSchemaFor>>>().toEqualTypeOf<ActionOutput>();
    expectTypeOf<ReturnType<typeof actionSchemaFor>>().toEqualTypeOf<typeof actionSchema>();
  });
});
