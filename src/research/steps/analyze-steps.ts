import type { StepAnalysisNote } from '../../contract/index.js';
import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import type { Draft } from '../evaluation/drafts.js';
import {
  type StepAnalysis,
  stepAnalysisPrompt,
  stepAnalysisSchema,
  stepAnalysisSystem,
} from '../prompts/step-analysis.js';
import { softFailure } from '../run/soft-failure.js';
import type { StepContext } from '../run/step-context.js';

/** Characters kept of each part of an analysis. */
const ANALYSIS_PART_CHARS = 500;
/** Words each part needs to say anything. */
const MIN_PART_WORDS = 3;
/** Replies that refuse the task rather than analyse. */
const REFUSAL = /^\s*(?:i(?:'m| am)? (?:sorry|unable|not able)|i (?:cannot|can't|won't)|as an ai\b|sorry\b)/i;

/** Why an analysis says nothing usable, or undefined when it is usable. */
function unusable(analysis: StepAnalysis): string | undefined {
  const parts = [analysis.recap, analysis.blame, analysis.improvement].map((part) =>
    part.replace(/\s+/g, ' ').trim(),
  );
  if (parts.some((part) => REFUSAL.test(part))) return 'the model refused';
  if (parts.some((part) => (part.match(/\p{L}{2,}/gu) ?? []).length < MIN_PART_WORDS))
    return 'a part is empty or too short';
  if (new Set(parts.map((part) => part.toLowerCase())).size < parts.length)
    return 'its parts repeat each other';
  return undefined;
}

const clip = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, ANALYSIS_PART_CHARS);

/**
 * After the evaluator rejected a draft, one call recaps the steps that led to it, says what went
 * wrong and what to change (node-DeepResearch's `analyzeSteps`). A usable analysis replaces the
 * last one for the planner's next prompt (`stepAnalysisSection`) and is shown as an observation; a
 * reply that fails the schema, refuses, or says nothing usable is skipped with a warning, and the
 * run goes on without it (the evaluator's feedback is still in the notes).
 */
export async function analyzeSteps(context: StepContext, draft: Draft, feedback: string): Promise<void> {
  const { run } = context;
  // An analysis of an earlier answer would steer the planner with stale advice.
  delete run.drafts.analysis;
  let analysis: StepAnalysis;
  try {
    const result = await context.llm.generateObject({
      role: 'planner',
      system: stepAnalysisSystem,
      prompt: stepAnalysisPrompt(run, context.loop, { answer: draft.answer, feedback }),
      schema: stepAnalysisSchema,
      schemaName: 'step_analysis',
      abortSignal: context.signal,
      maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
    });
    analysis = result.value;
  } catch (error) {
    softFailure(context, error, 'The step analysis (skipped)');
    return;
  }
  const why = unusable(analysis);
  if (why) {
    context.emit({
      type: 'warning',
      code: 'unusable_step_analysis',
      message: `The step analysis was skipped: ${why}.`,
    });
    return;
  }
  const note: StepAnalysisNote = {
    attempt: draft.attempt,
    recap: clip(analysis.recap),
    blame: clip(analysis.blame),
    improvement: clip(analysis.improvement),
  };
  run.drafts.analysis = note;
  context.emit({
    type: 'observation',
    text: `Step analysis of answer ${note.attempt}: ${note.recap} What went wrong: ${note.blame} What to change: ${note.improvement}`,
    stepAnalysis: note,
  });
}
