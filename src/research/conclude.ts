import type { AnswerEvaluation, ResearchEvent, ResearchEventPayload } from '../contract/index.js';
import { describeError } from '../errors.js';
import type { Capabilities } from './capabilities.js';
import { withDeadline } from './deadline.js';
import { evaluateFinalAnswer, measureAnswer, measuredEvaluation } from './evaluation/final-evaluation.js';
import { fatalModelFailure } from './failures.js';
import type { LoopEnd, RunLimits } from './loop.js';
import type { Draft, RunState } from './run-state.js';
import type { StepContext } from './steps/context.js';
import { assembleWithoutModel } from './steps/forced-answer.js';
import { createStepScope } from './steps/scope.js';
import { describeStop } from './stop-conditions.js';
import { synthesize } from './synthesis/synthesize.js';
import { withTokenLimit } from './token-limit.js';
import type { ClaimsSummary, Reference, ResultStatus, StopReason } from './types.js';

/** How a run ends, before the `run-end` event is made from it. */
export interface Conclusion {
  status: ResultStatus;
  stopReason: StopReason;
  answer: string;
  references: Reference[];
  claims: ClaimsSummary;
  words: number;
  error?: { code: string; message: string };
  /** The final evaluation of the answer (absent without an answer, and for cancelled runs). */
  evaluation?: AnswerEvaluation;
}

/** A conclusion without an answer. */
export function emptyConclusion(
  status: ResultStatus,
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
    ...(error ? { error } : {}),
  };
}

/** The run's state and capabilities, and how the loop ended. */
export interface ConcludeOptions {
  state: RunState;
  capabilities: Capabilities;
  emit: (payload: ResearchEventPayload) => ResearchEvent;
  limits: RunLimits;
  loopEnd: LoopEnd;
  signal?: AbortSignal;
  now?: () => number;
}

function stepContext(options: ConcludeOptions, signal: AbortSignal, emit: StepContext['emit']): StepContext {
  // The final answer may use the reserve too, but nothing past the budget.
  const tokensLeft = () =>
    options.state.options.tokenBudget - options.capabilities.llm.totals().usage.totalTokens;
  return {
    state: options.state,
    llm: withTokenLimit(options.capabilities.llm, tokensLeft),
    tokensLeft,
    search: options.capabilities.search,
    reader: options.capabilities.reader,
    deepRead: options.capabilities.deepRead,
    corpora: options.capabilities.corpora,
    emit,
    signal,
  };
}

/** Runs a writer call within the run's remaining time; undefined when it failed or there is no time. */
async function withinRunTime<T>(
  options: ConcludeOptions,
  what: string,
  task: (context: StepContext) => Promise<T>,
): Promise<{ value: T } | { error: unknown } | undefined> {
  const now = options.now ?? Date.now;
  const remaining = options.limits.runDeadline - now();
  if (remaining <= 0 || options.signal?.aborted) return undefined;
  // A writer that answers after its deadline must not add events after the run has ended.
  const scope = createStepScope(options.emit);
  try {
    const value = await withDeadline((signal) => task(stepContext(options, signal, scope.emit)), {
      milliseconds: remaining,
      ...(options.signal ? { parent: options.signal } : {}),
    });
    return { value };
  } catch (error) {
    const described = describeError(error);
    options.emit({ type: 'warning', code: described.code, message: `${what} failed: ${described.message}` });
    return { error };
  } finally {
    scope.close();
  }
}

/** The run failed because no model call can succeed; the error names the key or the address. */
export function fatalConclusion(stopReason: StopReason, error: unknown): Conclusion {
  const described = describeError(fatalModelFailure(error)?.error ?? error);
  const code = stopReason === 'authentication' ? 'authentication' : described.code;
  return emptyConclusion('failed', stopReason, { code, message: described.message });
}

/**
 * Turns the loop's end into the run's answer. An accepted answer (already verified) is kept. After
 * a cap, the writer writes a final answer (or report) from the findings within the reserved budget,
 * and its claims are checked like any other; if that fails the answer is assembled without the
 * model. Cancellation and authentication never call a model again.
 */
export async function conclude(options: ConcludeOptions): Promise<Conclusion> {
  const { state, loopEnd } = options;
  if (loopEnd.stopReason === 'authentication' || loopEnd.stopReason === 'model_unreachable')
    return fatalConclusion(loopEnd.stopReason, loopEnd.error);

  let answer: Pick<Draft, 'answer' | 'references' | 'claims' | 'words'> | undefined;
  let status: ResultStatus;
  if (loopEnd.accepted) {
    answer = state.drafts.at(-1);
    status = 'completed';
  } else {
    options.emit({
      type: 'finish-guard',
      reason: loopEnd.stopReason,
      message: loopEnd.detail
        ? `${describeStop(loopEnd.stopReason)} ${loopEnd.detail}`
        : describeStop(loopEnd.stopReason),
    });
    if (loopEnd.stopReason !== 'cancelled') {
      const forced = await withinRunTime(options, 'The final answer', (context) =>
        synthesize(context, describeStop(loopEnd.stopReason)),
      );
      const fatal = forced && 'error' in forced ? fatalModelFailure(forced.error) : undefined;
      if (fatal) return fatalConclusion(fatal.stopReason, fatal.error);
      if (forced && 'value' in forced && forced.value.answer.trim()) answer = forced.value;
    }
    answer ??= assembleWithoutModel(
      { state, emit: options.emit },
      describeStop(loopEnd.stopReason),
      loopEnd.stopReason === 'cancelled' ? 'cancelled' : undefined,
    );
    status = loopEnd.stopReason === 'cancelled' ? 'cancelled' : 'best_effort';
  }

  if (!answer?.answer.trim()) {
    if (status === 'cancelled') return emptyConclusion('cancelled', 'cancelled');
    return emptyConclusion('failed', loopEnd.stopReason, {
      code: 'no_answer',
      message: `No answer could be made: ${describeStop(loopEnd.stopReason)}`,
    });
  }
  // Every finished answer is graded, forced ones too; a cancelled run makes no more model calls.
  let evaluation: AnswerEvaluation | undefined;
  if (status !== 'cancelled') {
    const graded = await withinRunTime(options, 'The final evaluation', (context) =>
      evaluateFinalAnswer(context, answer, describeStop(loopEnd.stopReason)),
    );
    evaluation =
      graded && 'value' in graded
        ? graded.value
        : measuredEvaluation(measureAnswer(state, answer), graded ? 'it failed' : 'no time was left');
  }
  return {
    status,
    stopReason: loopEnd.stopReason,
    ...(evaluation ? { evaluation } : {}),
    answer: answer.answer,
    references: answer.references,
    claims: answer.claims,
    words: answer.words,
  };
}
