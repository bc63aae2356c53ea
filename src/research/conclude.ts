import {
  type AnswerEvaluation,
  describeStop,
  type ResearchEvent,
  type ResearchEventPayload,
  type ResultStatus,
  type RunEnding,
  type StopReason,
} from '../contract/index.js';
import { describeError } from '../errors.js';
import { withDeadline } from './deadline.js';
import type { Draft } from './evaluation/drafts.js';
import { chooseFollowUps } from './evaluation/follow-ups.js';
import { measureAnswer, measuredEvaluation } from './evaluation/measure.js';
import { findConflicts } from './evidence/conflicts.js';
import { subQuestionOutcomes } from './evidence/coverage.js';
import { type FatalFailure, fatalModelFailure } from './failures.js';
import type { LoopEnd, RunLimits } from './loop/loop.js';
import { type LoopState, loopView } from './loop/loop-state.js';
import type { RunRecords } from './run/run-records.js';
import type { Capabilities } from './run/step-context.js';
import { type StepContext, stepTools } from './run/step-context.js';
import { createStepScope } from './run/step-scope.js';
import { evaluateFinalAnswer } from './steps/final-evaluation.js';
import { assembleWithoutModel } from './steps/forced-answer.js';
import { synthesize } from './synthesis/synthesize.js';
import { withTokenLimit } from './token-limit.js';

/**
 * How a run ends, before the `run-end` event is made from it: the part of its ending the engine
 * decides (the counts come from the run), and the error of a failed run.
 */
export type Conclusion = Pick<
  RunEnding,
  'status' | 'stopReason' | 'answer' | 'references' | 'claims' | 'words' | 'evaluation' | 'followUps'
> & { error?: { code: string; message: string } };

/** A conclusion without an answer. */
export function emptyConclusion(
  status: RunEnding['status'],
  stopReason: StopReason,
  error?: { code: string; message: string },
): Conclusion {
  return {
    status,
    stopReason,
    answer: '',
    references: [],
    claims: { total: 0, supported: 0, unsupported: [] },
    words: 0,
    error,
  };
}

/** The run's records, its loop, its capabilities, and how the loop ended. */
export interface ConcludeOptions {
  run: RunRecords;
  loop: LoopState;
  capabilities: Capabilities;
  emit: (payload: ResearchEventPayload) => ResearchEvent;
  limits: RunLimits;
  loopEnd: LoopEnd;
  signal?: AbortSignal;
  now?: () => number;
}

function stepContext(options: ConcludeOptions, signal: AbortSignal, emit: StepContext['emit']): StepContext {
  const { run, capabilities } = options;
  // The final answer may use the reserve too, but nothing past the budget.
  const tokensLeft = () => run.options.tokenBudget - capabilities.llm.totals().usage.totalTokens;
  return {
    run,
    loop: loopView(options.loop, run.options.maxSteps),
    llm: withTokenLimit(capabilities.llm, tokensLeft),
    tokensLeft,
    ...stepTools(capabilities),
    emit,
    signal,
  };
}

/** How a writer or evaluator call at the end went: its value, a model that can no longer answer, or another failure. */
type EndResult<T> = { value: T } | { fatal: FatalFailure } | { failed: true };

/**
 * Runs a writer or evaluator call within the run's remaining time; undefined when there is no time.
 * A model that can no longer answer (authentication, unreachable) is returned as `fatal`, as the
 * loop treats it; any other failure is a warning.
 */
async function withinRunTime<T>(
  options: ConcludeOptions,
  what: string,
  task: (context: StepContext) => Promise<T>,
): Promise<EndResult<T> | undefined> {
  const now = options.now ?? Date.now;
  const remaining = options.limits.runDeadline - now();
  if (remaining <= 0 || options.signal?.aborted) return undefined;
  // A writer that answers after its deadline must not add events after the run has ended.
  const scope = createStepScope(options.emit);
  try {
    const value = await withDeadline((signal) => task(stepContext(options, signal, scope.emit)), {
      milliseconds: remaining,
      parent: options.signal,
    });
    return { value };
  } catch (error) {
    const fatal = fatalModelFailure(error);
    if (fatal) return { fatal };
    const described = describeError(error);
    options.emit({ type: 'warning', code: described.code, message: `${what} failed: ${described.message}` });
    return { failed: true };
  } finally {
    scope.close();
  }
}

/** Caps that end a run for lack of budget: with unsupported claims pending, it ends `unsupported_claims`. */
const BUDGET_CAPS: readonly StopReason[] = ['token_budget', 'max_steps', 'time_limit', 'answer_attempts'];

/**
 * Why a run that was not accepted stopped: a budget cap reached while the latest answer's claims
 * still fell short (too few supported, a covered sub-question without a supported sentence) is
 * `unsupported_claims`, with what fell short; one reached while its sources were dated before the
 * window its question asks for is `stale_sources`, naming them; any other reason is kept.
 */
export function unacceptedStop(run: RunRecords, loopEnd: LoopEnd): Pick<LoopEnd, 'stopReason' | 'detail'> {
  const problems = run.drafts.claimProblems;
  const capped = BUDGET_CAPS.includes(loopEnd.stopReason);
  if (capped && problems.length > 0) {
    return {
      stopReason: 'unsupported_claims',
      detail: `${describeStop(loopEnd.stopReason)} The latest answer's claims fell short: ${problems.join(' ')}`,
    };
  }
  if (capped && run.drafts.staleSources) {
    return {
      stopReason: 'stale_sources',
      detail: `${describeStop(loopEnd.stopReason)} The latest answer's sources fell short: ${run.drafts.staleSources}`,
    };
  }
  return { stopReason: loopEnd.stopReason, ...(loopEnd.detail ? { detail: loopEnd.detail } : {}) };
}

/** The run failed because no model call can succeed; the error names the key or the address. */
export function fatalConclusion(fatal: FatalFailure): Conclusion {
  const described = describeError(fatal.error);
  const code = fatal.stopReason === 'authentication' ? 'authentication' : described.code;
  return emptyConclusion('failed', fatal.stopReason, { code, message: described.message });
}

/**
 * Turns the loop's end into the run's answer. An accepted answer (already verified) is kept. After
 * a cap, the writer writes a final answer (or report) from the findings within the reserved budget,
 * and its claims are checked like any other; if that fails the answer is assembled without the
 * model. Every answer is then graded. Cancellation never calls a model again; a model that can no
 * longer answer, in the loop, the final answer or its grading, fails the run the same way.
 */
export async function conclude(options: ConcludeOptions): Promise<Conclusion> {
  const { run, loopEnd } = options;
  if (loopEnd.stopReason === 'authentication' || loopEnd.stopReason === 'model_unreachable')
    return fatalConclusion({ stopReason: loopEnd.stopReason, error: loopEnd.error });

  let answer: (Pick<Draft, 'answer' | 'references' | 'claims' | 'words'> & Partial<Draft>) | undefined;
  let status: ResultStatus;
  let stopReason: StopReason = loopEnd.stopReason;
  if (loopEnd.accepted) {
    answer = run.drafts.all.at(-1);
    status = 'completed';
  } else {
    const ending = unacceptedStop(run, loopEnd);
    stopReason = ending.stopReason;
    const stopped = describeStop(stopReason);
    options.emit({
      type: 'finish-guard',
      reason: stopReason,
      message: ending.detail ? `${stopped} ${ending.detail}` : stopped,
    });
    if (loopEnd.stopReason !== 'cancelled') {
      const forced = await withinRunTime(options, 'The final answer', (context) =>
        synthesize(context, stopped),
      );
      if (forced && 'fatal' in forced) return fatalConclusion(forced.fatal);
      if (forced && 'value' in forced && forced.value.answer.trim()) answer = forced.value;
    }
    answer ??= assembleWithoutModel(
      { run, emit: options.emit },
      stopped,
      loopEnd.stopReason === 'cancelled' ? 'cancelled' : undefined,
    );
    status = loopEnd.stopReason === 'cancelled' ? 'cancelled' : 'best_effort';
  }

  if (!answer?.answer.trim()) {
    if (status === 'cancelled') return emptyConclusion('cancelled', 'cancelled');
    return emptyConclusion('failed', stopReason, {
      code: 'no_answer',
      message: `No answer could be made: ${describeStop(stopReason)}`,
    });
  }
  // Every finished answer is graded, forced ones too; a cancelled run makes no more model calls.
  let evaluation: AnswerEvaluation | undefined;
  let suggested: (string | null)[] = [];
  const direct = loopEnd.accepted && loopEnd.stopReason === 'direct_answer';
  const records = {
    question: run.question,
    subQuestions: subQuestionOutcomes(run),
    conflicts: findConflicts(run.evidence.findings.all),
  };
  if (status !== 'cancelled') {
    const graded = await withinRunTime(options, 'The final evaluation', (context) =>
      evaluateFinalAnswer(context, answer, {
        stopped: describeStop(stopReason),
        direct,
        conflicts: records.conflicts,
      }),
    );
    if (graded && 'fatal' in graded) return fatalConclusion(graded.fatal);
    evaluation =
      graded && 'value' in graded
        ? graded.value.evaluation
        : measuredEvaluation(measureAnswer(run, answer, direct), graded ? 'it failed' : 'no time was left');
    if (graded && 'value' in graded) suggested = graded.value.suggested;
  }
  // The evaluator's suggestions that are questions, completed from the records when it gave too few.
  const followUps = chooseFollowUps(suggested, records);
  return {
    status,
    stopReason,
    evaluation,
    answer: answer.answer,
    references: answer.references,
    claims: answer.claims,
    words: answer.words,
    ...(followUps.length > 0 ? { followUps } : {}),
  };
}
