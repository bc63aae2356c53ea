import { describeError } from '../../errors.js';
import { PLANNER_EVIDENCE_TOKENS, STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import type { ReadyAction } from '../prompts/action.js';
import { critiquePrompt, critiqueSchema, critiqueSystem } from '../prompts/critique.js';
import type { RunState } from '../run-state.js';
import { plannerFindings } from '../synthesis/evidence.js';
import type { StepContext } from './context.js';

/** Items of each critique list kept, and characters of each item. */
const MAX_ITEMS = 5;
const MAX_ITEM_CHARS = 300;

const clean = (items: readonly string[]) =>
  items
    .map((item) => item.replace(/\s+/g, ' ').trim().slice(0, MAX_ITEM_CHARS))
    .filter(Boolean)
    .slice(0, MAX_ITEMS);

/**
 * Runs the critique the first time the planner says it is ready (when `gapSteps` > 0): a model
 * lists what is unanswered and which claims lack evidence. With gaps, they become a note for the
 * planner and the run gets `gapSteps` steps to fill them before the writer; returns true then.
 * Without gaps, or when the critique fails (a warning), the writer goes ahead: returns false.
 */
export async function critiqueBeforeWriting(context: StepContext): Promise<boolean> {
  const { state } = context;
  if (state.options.gapSteps === 0 || state.critique.done) return false;
  state.critique.done = true;
  let gaps: string[];
  let weakClaims: string[];
  try {
    const result = await context.llm.generateObject({
      role: 'planner',
      system: critiqueSystem,
      prompt: critiquePrompt(state, plannerFindings(context, PLANNER_EVIDENCE_TOKENS)),
      schema: critiqueSchema,
      schemaName: 'critique',
      abortSignal: context.signal,
      maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
    });
    gaps = clean(result.value.gaps);
    weakClaims = clean(result.value.weakClaims);
  } catch (error) {
    if (context.signal.aborted) throw error;
    const described = describeError(error);
    context.emit({
      type: 'warning',
      code: described.code,
      message: `The critique failed: ${described.message}`,
    });
    return false;
  }
  if (gaps.length === 0 && weakClaims.length === 0) {
    context.emit({ type: 'observation', text: 'Critique: no gaps found; writing the answer.' });
    return false;
  }
  const lines = [
    ...gaps.map((gap) => `unanswered: ${gap}`),
    ...weakClaims.map((claim) => `lacks evidence: ${claim}`),
  ];
  const content = `Before answering, fill these gaps (${state.options.gapSteps} steps): ${lines.join('; ')}`;
  const item = { kind: 'note' as const, content, question: state.question };
  state.knowledge.add(item);
  context.emit({ type: 'knowledge-add', item });
  context.emit({ type: 'observation', text: `Critique found ${lines.length} gaps: ${lines.join('; ')}` });
  state.critique.active = true;
  state.critique.stepsLeft = state.options.gapSteps;
  state.lastStepNote = `${content}. Say ready when they are filled or cannot be.`;
  return true;
}

/**
 * Counts a gap-filling step at the start of a step, and once they are used up, returns the
 * `ready` the run takes without asking the planner (the writer answers from what was found).
 */
export function gapStepsOver(state: RunState): ReadyAction | undefined {
  if (!state.critique.active) return undefined;
  if (state.critique.stepsLeft > 0) {
    state.critique.stepsLeft -= 1;
    return undefined;
  }
  state.critique.active = false;
  return {
    type: 'ready',
    reason: 'The gap-filling steps are used; the answer is written from what was found.',
  };
}
