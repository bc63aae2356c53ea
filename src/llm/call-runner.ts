import type { LanguageModel } from 'ai';
import type { ModelRole } from '../config/index.js';
import type { Usage } from '../contract/index.js';
import { addUsage, emptyUsage } from '../contract/index.js';
import { raceAbort } from '../shared/index.js';
import { type AttemptFailure, classifyFailure } from './classify-failure.js';
import { LlmError } from './errors.js';
import type { ModelHealth } from './model-health.js';
import { backoffDelay } from './retry-after.js';
import type { FixedBy } from './settings.js';
import type { LlmCallReport } from './types.js';
import type { ReportedTokens, UsageMeter } from './usage-meter.js';

/** One request to one model. It must pass `signal` and `maxOutputTokens` on to the AI SDK. */
export type Attempt<T> = (context: {
  model: LanguageModel;
  modelId: string;
  signal: AbortSignal;
  /** Cap on generated tokens: the request's own, lowered to what its token limit leaves. */
  maxOutputTokens: number | undefined;
}) => Promise<{ value: T; tokens: ReportedTokens | undefined }>;

/** The token limit of one request: what it may use and what its prompt is estimated to cost. */
export interface CallBudget {
  /** Most tokens the request may use, every call of it included. */
  limit: number;
  /** Estimated input tokens of one call. */
  estimatedInput: number;
  /** The request's own output cap, if any. */
  maxOutputTokens: number | undefined;
  /** Told the tokens a call reported, to correct later estimates. */
  observe?: (reportedInput: number | undefined) => void;
}

/** Fewest output tokens worth a call: below this, the answer would be cut off before it says anything. */
const MIN_OUTPUT_TOKENS = 64;

/** What the runner needs from `createLlm`. */
export interface CallRunnerOptions {
  models: ReadonlyMap<string, LanguageModel>;
  apiKeyVariableOf: (modelId: string) => string | undefined;
  fixedBy: FixedBy;
  health: ModelHealth;
  meter: UsageMeter;
  onCall: ((report: LlmCallReport) => void) | undefined;
  timeoutMs: number;
  maxRetries: number;
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Share of a computed backoff that is random (LLM_BACKOFF_JITTER). */
  backoffJitter: number;
  /** Random draws in [0, 1) for the jitter. */
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
}

/** A successful run of an attempt: its value, the model that answered, usage of every call made. */
export interface RunResult<T> {
  value: T;
  model: string;
  usage: Usage;
}

/**
 * Runs `attempt` over the fallback chain: each model with a timeout and bounded retries with
 * backoff; a model that keeps failing gives way to the next. Every call is metered and reported.
 */
export async function runWithFallback<T>(
  options: CallRunnerOptions,
  request: {
    role: ModelRole;
    chain: readonly string[];
    signal: AbortSignal | undefined;
    attempt: Attempt<T>;
    budget?: CallBudget | undefined;
    /** The caller judges the answer (structured output is validated after the call) and reports success itself. */
    judgedByCaller?: boolean;
    /** The role's own model (default the chain's first): a call to any other is a fallback. */
    preferred?: string;
  },
): Promise<RunResult<T>> {
  if (request.signal?.aborted) {
    const model = request.chain[0] ?? 'unknown';
    throw new LlmError({ code: 'aborted', message: `The call to ${model} was cancelled.`, model });
  }
  let usage = emptyUsage();
  const failures: LlmError[] = [];
  for (const modelId of options.health.order(request.chain)) {
    const outcome = await runOnModel(options, {
      ...request,
      modelId,
      spent: usage.totalTokens,
      fallback: modelId !== (request.preferred ?? request.chain[0]),
    });
    usage = addUsage(usage, outcome.usage);
    if (outcome.ok) {
      if (!request.judgedByCaller) options.health.succeeded(modelId);
      return { value: outcome.value, model: modelId, usage };
    }
    const { failure } = outcome;
    if (failure.error.code !== 'aborted') options.health.failed(modelId);
    if (!failure.fallback) throw failure.error;
    failures.push(failure.error);
  }
  const [only] = failures;
  if (failures.length === 1 && only) throw only;
  // Every model unreachable is still "unreachable": the fix is the same, start a server or fix its URL.
  const unreachable = failures.every((error) => error.code === 'unreachable');
  const summary = failures.map((error) => `${error.model}: ${error.message}`).join(' | ');
  throw new LlmError({
    code: unreachable ? 'unreachable' : 'all_models_failed',
    message: `Every model failed. ${summary}`,
    model: failures.at(-1)?.model ?? request.chain[0] ?? 'unknown',
    cause: failures,
  });
}

type ModelOutcome<T> =
  | { ok: true; value: T; usage: Usage }
  | { ok: false; failure: AttemptFailure; usage: Usage };

async function runOnModel<T>(
  options: CallRunnerOptions,
  request: {
    role: ModelRole;
    modelId: string;
    signal: AbortSignal | undefined;
    attempt: Attempt<T>;
    budget?: CallBudget | undefined;
    /** Tokens earlier models of this request used. */
    spent: number;
    /** Whether the model stands in for the role's own. */
    fallback: boolean;
  },
): Promise<ModelOutcome<T>> {
  const { modelId, role, signal, budget, fallback } = request;
  const model = options.models.get(modelId);
  if (!model) throw new Error(`Model ${modelId} was not resolved; this is a bug in createLlm.`);
  let usage = emptyUsage();
  for (let retryIndex = 0; ; retryIndex += 1) {
    const maxOutputTokens = outputCap(budget, request.spent + usage.totalTokens, modelId);
    if (maxOutputTokens instanceof LlmError) {
      return {
        ok: false,
        failure: { error: maxOutputTokens, retry: false, fallback: false, retryAfterMs: undefined },
        usage,
      };
    }
    const started = options.now();
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const { value, tokens } = await raceAbort(
        request.attempt({ model, modelId, signal: combined, maxOutputTokens }),
        combined,
      );
      const callUsage = options.meter.record(modelId, tokens);
      budget?.observe?.(tokens?.inputTokens);
      usage = addUsage(usage, callUsage);
      report(options, {
        role,
        model: modelId,
        ok: true,
        usage: callUsage,
        durationMs: options.now() - started,
        fallback,
      });
      return { ok: true, value, usage };
    } catch (error) {
      const failure = classifyFailure({
        error,
        model: modelId,
        apiKeyVariable: options.apiKeyVariableOf(modelId),
        fixedBy: options.fixedBy,
        timeoutMs: options.timeoutMs,
        timedOut: timeout.aborted && !signal?.aborted,
        aborted: signal?.aborted ?? false,
      });
      const callUsage = options.meter.record(modelId, reportedTokensOf(error));
      usage = addUsage(usage, callUsage);
      const { code, message } = failure.error;
      const durationMs = options.now() - started;
      report(options, {
        role,
        model: modelId,
        ok: false,
        usage: callUsage,
        durationMs,
        fallback,
        error: { code, message },
      });
      if (!failure.retry || retryIndex >= options.maxRetries) return { ok: false, failure, usage };
      const delay = backoffDelay({
        retryIndex,
        baseMs: options.baseBackoffMs,
        maxMs: options.maxBackoffMs,
        retryAfterMs: failure.retryAfterMs,
        jitter: options.backoffJitter,
        random: options.random(),
      });
      try {
        await options.sleep(delay, signal);
      } catch (sleepError) {
        const aborted = new LlmError({
          code: 'aborted',
          message: `The call to ${modelId} was cancelled.`,
          model: modelId,
          cause: sleepError,
        });
        return {
          ok: false,
          failure: { error: aborted, retry: false, fallback: false, retryAfterMs: undefined },
          usage,
        };
      }
    }
  }
}

/**
 * The output cap of the next call under the request's budget, or the error that says the call must
 * not be made because its prompt alone would not leave room for an answer.
 */
function outputCap(
  budget: CallBudget | undefined,
  spent: number,
  modelId: string,
): number | undefined | LlmError {
  if (!budget) return undefined;
  if (!Number.isFinite(budget.limit)) return budget.maxOutputTokens;
  const left = budget.limit - spent - budget.estimatedInput;
  if (left < MIN_OUTPUT_TOKENS) {
    return new LlmError({
      code: 'budget_exhausted',
      message: `A call to ${modelId} needs about ${budget.estimatedInput + MIN_OUTPUT_TOKENS} tokens, but ${Math.max(0, budget.limit - spent)} are left of the token budget; it was not made.`,
      model: modelId,
    });
  }
  return Math.min(left, budget.maxOutputTokens ?? left);
}

/** Tokens a failed call still reported (AI SDK errors such as NoObjectGeneratedError carry `usage`). */
function reportedTokensOf(error: unknown): ReportedTokens | undefined {
  if (typeof error !== 'object' || error === null || !('usage' in error)) return undefined;
  const usage = error.usage;
  if (typeof usage !== 'object' || usage === null) return undefined;
  const read = (key: string) => {
    const value = (usage as Record<string, unknown>)[key];
    return typeof value === 'number' ? value : undefined;
  };
  return { inputTokens: read('inputTokens'), outputTokens: read('outputTokens') };
}

function report(options: CallRunnerOptions, callReport: LlmCallReport): void {
  options.onCall?.(callReport);
}
