import type { AnswerEvaluation, SourceConflict } from '../../contract/index.js';
import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { claimCheckSummary } from '../evaluation/claim-problems.js';
import { freshnessFailed } from '../evaluation/drafts.js';
import {
  boundScores,
  type EvaluatedAnswer,
  MAX_ITEM_CHARS,
  MAX_ITEMS,
  measureAnswer,
  measuredEvaluation,
  unansweredLine,
} from '../evaluation/measure.js';
import { referenceDate, staleSourcesLine } from '../evaluation/stale-sources.js';
import {
  finalEvaluationPrompt,
  finalEvaluationSchema,
  finalEvaluationSystem,
} from '../prompts/final-evaluation-prompt.js';
import { softFailure } from '../run/soft-failure.js';
import type { StepContext } from '../run/step-context.js';
import { recencyWindow } from '../sources/search-window.js';

const clean = (list: readonly string[]) =>
  list
    .map((item) => item.replace(/\s+/g, ' ').trim().slice(0, MAX_ITEM_CHARS))
    .filter(Boolean)
    .slice(0, MAX_ITEMS);

/** The weakness naming the references dated before the window the question asks for, if any. */
function staleLine(context: StepContext, answer: EvaluatedAnswer): string[] {
  const { run } = context;
  const now = new Date();
  const window = recencyWindow({ question: run.question, freshnessFailed: freshnessFailed(run.drafts), now });
  const dated = answer.references.map((reference) => ({
    url: reference.url,
    publishedAt: referenceDate(run, reference),
  }));
  return staleSourcesLine(window, dated, now);
}

/** The final evaluation, and the follow-up questions the evaluator suggested (unchecked; see `chooseFollowUps`). */
export interface FinalGrade {
  evaluation: AnswerEvaluation;
  suggested: (string | null)[];
}

/**
 * Grades a finished answer: the evaluator model scores it and lists strengths, weaknesses and
 * recommendations; its scores are bounded by the measured facts. The sub-questions left open, and
 * the sources older than the window a question about recent events asks for, are named among the
 * weaknesses whatever the evaluator says. When the call fails (budget,
 * outage, invalid output) the evaluation is measured instead, so every answer gets one; a model
 * that can no longer answer (see `softFailure`) ends the run like everywhere else.
 */
export async function evaluateFinalAnswer(
  context: StepContext,
  answer: EvaluatedAnswer,
  options: { stopped: string; direct: boolean; conflicts?: readonly SourceConflict[] },
): Promise<FinalGrade> {
  const facts = measureAnswer(context.run, answer, options.direct);
  const open = [...unansweredLine(facts), ...staleLine(context, answer)];
  const claimCheck = options.direct
    ? 'The answer was written directly, without research: it cites no source and none of its sentences was checked.'
    : claimCheckSummary(
        context.run,
        { ...answer, verdicts: answer.verdicts ?? [] },
        context.run.options.minSupport,
      );
  try {
    const result = await context.llm.generateObject({
      role: 'evaluator',
      system: finalEvaluationSystem,
      prompt: finalEvaluationPrompt(context.run, answer, {
        stopped: options.stopped,
        claimCheck,
        conflicts: options.conflicts,
      }),
      schema: finalEvaluationSchema,
      schemaName: 'final_evaluation',
      abortSignal: context.signal,
      maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
    });
    const evaluation: AnswerEvaluation = {
      scores: boundScores(result.value.scores, facts),
      strengths: clean(result.value.strengths),
      // The sub-questions left open, the conflicts stated one-sidedly and the stale sources are named whatever the evaluator says.
      weaknesses: [...clean(result.value.weaknesses).slice(0, Math.max(0, MAX_ITEMS - open.length)), ...open],
      recommendations: clean(result.value.recommendations),
      method: 'model',
    };
    return { evaluation, suggested: result.value.followUps };
  } catch (error) {
    const described = softFailure(context, error, 'The final evaluation');
    const measured = measuredEvaluation(facts, described.code);
    return {
      evaluation: { ...measured, weaknesses: [...measured.weaknesses, ...staleLine(context, answer)] },
      suggested: [],
    };
  }
}
