import type { SubQuestion } from '../../contract/index.js';
import { describeError } from '../../errors.js';
import { MAX_GAP_SUB_QUESTIONS, PLANNER_EVIDENCE_TOKENS, STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { coverageGap } from '../evidence/coverage.js';
import type { ReadyAction } from '../prompts/action.js';
import {
  type CritiqueGap,
  critiquePrompt,
  critiqueSchema,
  critiqueSystem,
  gapOf,
} from '../prompts/critique.js';
import { inlineWebText } from '../prompts/untrusted.js';
import type { RunState } from '../run-state.js';
import { plannerFindings } from '../synthesis/evidence.js';
import type { StepContext } from './context.js';
import { contentWords, wordsWithin } from './perspectives.js';
import { addSubQuestion, emitPlan, sameSubQuestion } from './plan.js';

/** Weak claims kept, and characters of each critique item. */
const MAX_WEAK_CLAIMS = 5;
const MAX_ITEM_CHARS = 300;

/** The critic reads findings quoted from the web: its items cannot open or close a prompt tag. */
const clip = (text: string) => inlineWebText(text, MAX_ITEM_CHARS);

/** What the critique's gaps did to the checklist. */
export interface GapOutcome {
  /** New open sub-questions, at most `MAX_GAP_SUB_QUESTIONS`. */
  added: SubQuestion[];
  /** Sub-questions already listed that a gap repeats and that are still uncovered. */
  reminded: SubQuestion[];
  /** Gaps past the cap, not added. */
  dropped: number;
}

/**
 * Turns the critique's gaps into open sub-questions (origin `critique`), so the finish guard
 * refuses an answer until each is covered or declared unanswerable. A gap repeating a listed
 * sub-question (see `sameSubQuestion`) adds nothing: it reminds of that one if it is uncovered,
 * and is dropped if it is covered; one that only restates the question is dropped. At most
 * `MAX_GAP_SUB_QUESTIONS` are added; ids continue.
 */
export function addGapSubQuestions(
  state: RunState,
  gaps: readonly (CritiqueGap | string | null)[],
): GapOutcome {
  const outcome: GapOutcome = { added: [], reminded: [], dropped: 0 };
  for (const raw of gaps) {
    const gap = gapOf(raw);
    const text = clip(gap?.question ?? '');
    if (!gap || !text) continue;
    // A gap that only restates the question asks nothing the answer is not already held to.
    const words = contentWords(text);
    if (words.size >= 2 && wordsWithin(words, contentWords(state.question))) continue;
    const listed = sameSubQuestion(state, text);
    if (listed) {
      if (coverageGap(state, listed) !== undefined && !outcome.reminded.includes(listed))
        outcome.reminded.push(listed);
      continue;
    }
    if (outcome.added.length >= MAX_GAP_SUB_QUESTIONS) {
      outcome.dropped += 1;
      continue;
    }
    const item = addSubQuestion(state, {
      text,
      intent: gap.intent,
      origin: 'critique',
      perspective: gap.perspective,
    });
    if (item) outcome.added.push(item);
  }
  return outcome;
}

/**
 * Runs the critique the first time the planner says it is ready (when `gapSteps` > 0): a model
 * lists what is unanswered and which claims lack evidence. Each gap becomes an open sub-question
 * (see `addGapSubQuestions`) that the finish guard holds the answer to; weak claims become a note
 * (claim verification already refuses a sentence its quotes do not support, so they need no
 * sub-question). With gaps, the run gets `gapSteps` steps to fill them before the writer; returns
 * true then. Without gaps, or when the critique fails (a warning), the writer goes ahead: false.
 */
export async function critiqueBeforeWriting(context: StepContext): Promise<boolean> {
  const { state } = context;
  if (state.options.gapSteps === 0 || state.critique.done) return false;
  state.critique.done = true;
  let gaps: GapOutcome;
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
    gaps = addGapSubQuestions(state, result.value.gaps);
    weakClaims = result.value.weakClaims
      .map((claim) => clip(claim ?? ''))
      .filter(Boolean)
      .slice(0, MAX_WEAK_CLAIMS);
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
  const open = [...gaps.added, ...gaps.reminded];
  if (open.length === 0 && weakClaims.length === 0) {
    context.emit({ type: 'observation', text: 'Critique: no gaps found; writing the answer.' });
    return false;
  }
  if (gaps.added.length > 0) emitPlan(context);
  const parts: string[] = [];
  if (open.length > 0) parts.push(`cover ${open.map((item) => `${item.id} "${item.text}"`).join(', ')}`);
  if (weakClaims.length > 0) {
    const content = `Claims the answer would need that lack evidence: ${weakClaims.join('; ')}`;
    const item = { kind: 'note' as const, content, question: state.question };
    state.knowledge.add(item);
    context.emit({ type: 'knowledge-add', item });
    parts.push(`find support for: ${weakClaims.join('; ')}`);
  }
  const added =
    gaps.added.length > 0 ? `added ${gaps.added.map((item) => item.id).join(', ')}` : 'added none';
  const dropped =
    gaps.dropped > 0 ? ` (${gaps.dropped} more gaps past the cap of ${MAX_GAP_SUB_QUESTIONS} dropped)` : '';
  context.emit({
    type: 'observation',
    text: `Critique ${added}${dropped}; before answering: ${parts.join('; ')}.`,
  });
  state.critique.active = true;
  state.critique.stepsLeft = state.options.gapSteps;
  state.lastStepNote = `Before answering (${state.options.gapSteps} steps): ${parts.join('; ')}. Research them, or reflect and close a sub-question as unanswerable with the reason; the answer is refused while one stays uncovered. Say ready when they are filled or cannot be.`;
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
