import type { z } from 'zod';
import type { ModelRole, Usage } from '../contract/index.js';

/** What every model request carries. */
export interface LlmRequestBase {
  /** Which configured model answers (planner, evaluator, writer). */
  role: ModelRole;
  /** Instructions. */
  system: string;
  /** The task and its data. */
  prompt: string;
  /** Cancels the call (LlmError `aborted`, no retry). */
  abortSignal?: AbortSignal;
  /** Cap on generated tokens (default: the provider's). */
  maxOutputTokens?: number;
  /**
   * Most tokens (input + output, retries and fallbacks included) the request may use. A call whose
   * prompt alone would not fit is not made (`LlmError` `budget_exhausted`); the output of the others is
   * capped to what is left. Absent: no limit.
   */
  tokenLimit?: number;
}

/** A request for an object validated by `schema`. */
export interface LlmObjectRequest<T> extends LlmRequestBase {
  /** Zod schema the output must satisfy; shown to the model as JSON Schema. */
  schema: z.ZodType<T>;
  /** Short name of the output, shown to models that take a schema name. */
  schemaName: string;
}

/** A request for plain (markdown) text. */
export interface LlmTextRequest extends LlmRequestBase {
  /** Called with each chunk of text as it streams. */
  onDelta?: (text: string) => void;
}

/** A successful result: the value, the model that produced it, usage of every call it took. */
export interface LlmResult<T> {
  value: T;
  /** Model id (`provider:model`) that answered, after any fallback. */
  model: string;
  usage: Usage;
}

/** Reported after every model call, successful or not. */
export interface LlmCallReport {
  role: ModelRole;
  model: string;
  ok: boolean;
  usage: Usage;
  durationMs: number;
  /**
   * The call went to a model other than the role's own (a fallback of its chain), because the
   * role's model failed or was cooling down.
   */
  fallback: boolean;
  error?: { code: string; message: string };
}

/**
 * The model layer as the engine sees it: retries, fallback, cooldown, repair of structured output
 * and usage accounting happen inside. Throws `LlmError` (codes: `authentication`, `invalid_output`,
 * `call_failed`, `timeout`, `aborted`, `all_models_failed`, `unreachable`, `budget_exhausted`).
 */
export interface Llm {
  generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmResult<T>>;
  generateText(request: LlmTextRequest): Promise<LlmResult<string>>;
  /** Running totals over every call, failed calls included. */
  totals(): { usage: Usage; calls: number };
}
