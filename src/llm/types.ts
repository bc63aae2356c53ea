import type { z } from 'zod';
import type { ModelRole } from '../config/index.js';
import type { Usage } from '../research/types.js';

export interface LlmRequestBase {
  role: ModelRole;
  system: string;
  prompt: string;
  abortSignal?: AbortSignal;
  maxOutputTokens?: number;
}

export interface LlmObjectRequest<T> extends LlmRequestBase {
  schema: z.ZodType<T>;
  /** Short name of the output, shown to models that take a schema name. */
  schemaName: string;
}

export interface LlmTextRequest extends LlmRequestBase {
  /** Called with each chunk of text as it streams. */
  onDelta?: (text: string) => void;
}

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
  error?: { code: string; message: string };
}

/**
 * The model layer as the engine sees it: retries, fallback, cooldown, repair of structured output
 * and usage accounting happen inside. Throws `LlmError` (codes: `authentication`, `invalid_output`,
 * `call_failed`, `timeout`, `aborted`, `all_models_failed`).
 */
export interface Llm {
  generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmResult<T>>;
  generateText(request: LlmTextRequest): Promise<LlmResult<string>>;
  /** Running totals over every call, failed calls included. */
  totals(): { usage: Usage; calls: number };
}
