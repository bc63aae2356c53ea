import type { ResearchEvent, ResearchEventPayload } from '../contract/index.js';
import { describeError } from '../errors.js';
import type { Capabilities } from './capabilities.js';
import { withDeadline } from './deadline.js';
import { fatalModelFailure } from './failures.js';
import type { LoopEnd, RunLimits } from './loop.js';
import type { Draft, RunState } from './run-state.js';
import type { StepContext } from './steps/context.js';
import { assembleWithoutModel, writeForcedAnswer } from './steps/forced-answer.js';
import { writeReport } from './steps/report.js';
import { createStepScope } from './steps/scope.js';
import { describeStop } from './stop-conditions.js';
import { withTokenLimit } from './token-limit.js';
import type { Reference, ResultStatus, StopReason } from './types.js';

/** How a run ends, before the `run-end` event is made from it. */
export interface Conclusion {
  status: ResultStatus;
  stopReason: StopReason;
  answer: string;
  references: Reference[];
  error?: { code: string; message: string };
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
  return {
    state: options.state,
    // The final answer and the report may use the reserve too, but nothing past the budget.
    llm: withTokenLimit(
      options.capabilities.llm,
      () => options.state.options.tokenBudget - options.capabilities.llm.totals().usage.totalTokens,
    ),
    search: options.capabilities.search,
    reader: options.capabilities.reader,
    deepRead: options.capabilities.deepRead,
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
  return {
    status: 'failed',
    stopReason,
    answer: '',
    references: [],
    error: { code, message: described.message },
  };
}

/**
 * Turns the loop's end into the run's answer. An accepted answer is kept. After a cap, the writer
 * writes a final answer from the knowledge within the reserved budget; if that fails the answer is
 * assembled without the model. Cancellation and authentication never call a model again.
 */
export async function conclude(options: ConcludeOptions): Promise<Conclusion> {
  const { state, loopEnd } = options;
  if (loopEnd.stopReason === 'authentication' || loopEnd.stopReason === 'model_unreachable')
    return fatalConclusion(loopEnd.stopReason, loopEnd.error);

  let answer: Pick<Draft, 'answer' | 'references'> | undefined;
  let status: ResultStatus;
  if (loopEnd.accepted) {
    answer = state.drafts.at(-1);
    status = 'completed';
  } else {
    options.emit({
      type: 'finish-guard',
      reason: loopEnd.stopReason,
      message: describeStop(loopEnd.stopReason),
    });
    if (loopEnd.stopReason !== 'cancelled') {
      const forced = await withinRunTime(options, 'The final answer', (context) =>
        writeForcedAnswer(context, describeStop(loopEnd.stopReason)),
      );
      const fatal = forced && 'error' in forced ? fatalModelFailure(forced.error) : undefined;
      if (fatal) return fatalConclusion(fatal.stopReason, fatal.error);
      if (forced && 'value' in forced) answer = forced.value;
    }
    answer ??= assembleWithoutModel(state, describeStop(loopEnd.stopReason));
    status = loopEnd.stopReason === 'cancelled' ? 'cancelled' : 'best_effort';
  }

  if (state.options.report && answer && status !== 'cancelled') {
    const draft = answer;
    const report = await withinRunTime(options, 'The report', (context) => writeReport(context, draft));
    if (report && 'value' in report && report.value.answer) answer = report.value;
  }

  if (!answer?.answer.trim()) {
    if (status === 'cancelled') return { status, stopReason: 'cancelled', answer: '', references: [] };
    return {
      status: 'failed',
      stopReason: loopEnd.stopReason,
      answer: '',
      references: [],
      error: { code: 'no_answer', message: `No answer could be made: ${describeStop(loopEnd.stopReason)}` },
    };
  }
  return { status, stopReason: loopEnd.stopReason, answer: answer.answer, references: answer.references };
}
