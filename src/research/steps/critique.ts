import type { SubQuestion } from '../../contract/index.js';
import { MAX_GAP_SUB_QUESTIONS, PLANNER_EVIDENCE_TOKENS, STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { coverageGap } from '../evidence/coverage.js';
import { critiqueDue, startGapFilling } from '../plan/critique-phase.js';
import { addSubQuestion, planEvent, sameSubQuestion } from '../plan/sub-questions.js';
import {
  type CritiqueGap,
  critiquePrompt,
  critiqueSchema,
  critiqueSystem,
  gapOf,
} from '../prompts/critique-prompt.js';
import type { RunRecords } from '../run/run-records.js';
import { softFailure } from '../run/soft-failure.js';
import type { StepContext } from '../run/step-context.js';
import { plannerFindings } from '../synthesis/writer-evidence.js';
import { inlineWebText } from '../text/untrusted.js';
import { contentWords, wordsWithin } from '../text/words.js';

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
  run: RunRecords,
  gaps: readonly (CritiqueGap | string | null)[],
): GapOutcome {
  const outcome: GapOutcome = { added: [], reminded: [], dropped: 0 };
  for (const raw of gaps) {
    const gap = gapOf(raw);
    const text = clip(gap?.question ?? '');
    if (!gap || !text) continue;
    // A gap that only restates the question asks nothing the answer is not already held to.
    const words = contentWords(text);
    if (words.size >= 2 && wordsWithin(words, contentWords(run.question))) continue;
    const listed = sameSubQuestion(run.plan, text);
    if (listed) {
      if (coverageGap(run, listed) !== undefined && !outcome.reminded.includes(listed))
        outcome.reminded.push(listed);
      continue;
    }
    if (outcome.added.length >= MAX_GAP_SUB_QUESTIONS) {
      outcome.dropped += 1;
      continue;
    }
    const item = addSubQuestion(run.plan, {
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
 * the note telling the planner so. Without gaps, or when the critique fails (a warning, see
 * `softFailure`), the writer goes ahead: undefined.
 */
export async function critiqueBeforeWriting(context: StepContext): Promise<string | undefined> {
  const { run } = context;
  if (!critiqueDue(run.critique, run.options.gapSteps)) return undefined;
  let gaps: GapOutcome;
  let weakClaims: string[];
  try {
    const result = await context.llm.generateObject({
      role: 'planner',
      system: critiqueSystem,
      prompt: critiquePrompt(run, plannerFindings(context, PLANNER_EVIDENCE_TOKENS)),
      schema: critiqueSchema,
      schemaName: 'critique',
      abortSignal: context.signal,
      maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
    });
    gaps = addGapSubQuestions(run, result.value.gaps);
    weakClaims = result.value.weakClaims
      .map((claim) => clip(claim ?? ''))
      .filter(Boolean)
      .slice(0, MAX_WEAK_CLAIMS);
  } catch (error) {
    softFailure(context, error, 'The critique');
    return undefined;
  }
  const open = [...gaps.added, ...gaps.reminded];
  if (open.length === 0 && weakClaims.length === 0) {
    context.emit({ type: 'observation', text: 'Critique: no gaps found; writing the answer.' });
    return undefined;
  }
  if (gaps.added.length > 0) context.emit(planEvent(run.plan));
  const parts: string[] = [];
  if (open.length > 0) parts.push(`cover ${open.map((item) => `${item.id} "${item.text}"`).join(', ')}`);
  if (weakClaims.length > 0) {
    const content = `Claims the answer would need that lack evidence: ${weakClaims.join('; ')}`;
    const item = { kind: 'note' as const, content, question: run.question };
    run.evidence.knowledge.add(item);
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
  startGapFilling(run.critique, run.options.gapSteps);
  return `Before answering (${run.options.gapSteps} steps): ${parts.join('; ')}. Research them, or reflect and close a sub-question as unanswerable with the reason; the answer is refused while one stays uncovered. Say ready when they are filled or cannot be.`;
}
