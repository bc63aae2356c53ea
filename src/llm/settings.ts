import type { LanguageModel } from 'ai';
import type { ResearchConfig } from '../config/index.js';
import type { Environment } from './env.js';
import type { ModelPrice } from './prices.js';
import type { StructuredOutputMode } from './providers/index.js';
import type { LlmCallReport } from './types.js';

/** Everything `createLlm` takes. Only `config` is required. */
/**
 * Who can fix a model's setup (its key, its server's address): the `user` running the command
 * (messages name the flags), or a server's `operator` (the run serves a client, who has no flags).
 */
export type FixedBy = 'user' | 'operator';

export interface LlmSettings {
  /** Validated options: models per role, fallbacks, base URL and API key. */
  config: ResearchConfig;
  /** Environment read for keys and base URLs (default `process.env`), at creation time. */
  env?: Environment;
  /** fetch used by the providers (default: global fetch). */
  fetch?: typeof fetch;
  /** Ready models by id (`provider:model`), used instead of creating providers (tests, custom setups). */
  languageModels?: Record<string, LanguageModel>;
  /** Called after every model call, successful or not (one call = one request to a model). */
  onCall?: (report: LlmCallReport) => void;
  /**
   * Called when a model starts a cooldown (it failed MODEL_FAILURES_BEFORE_COOLDOWN calls in a row
   * and is skipped for `cooldownMs` while the other models of its chain answer).
   */
  onCooldown?: (model: string, cooldownMs: number) => void;
  /** Timeout of one call in milliseconds (default LLM_CALL_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Retries of one call after a retryable failure (default LLM_MAX_RETRIES). */
  maxRetries?: number;
  /** First backoff delay in milliseconds, doubled each retry (default LLM_BASE_BACKOFF_MS). */
  baseBackoffMs?: number;
  /** Longest wait between retries, Retry-After included (default LLM_MAX_BACKOFF_MS). */
  maxBackoffMs?: number;
  /**
   * Random draws in [0, 1) that spread backoffs (each up to LLM_BACKOFF_JITTER shorter); default
   * `Math.random`. Tests pass a fixed one.
   */
  random?: () => number;
  /** Waits between retries; tests pass a fast one. Must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock for cooldowns (default `Date.now`). */
  now?: () => number;
  /**
   * How structured output is asked: one mode for all models, or per provider id / model id
   * (model id wins). `auto` (default) is the provider's preference, JSON mode for all built-ins.
   */
  structuredOutputMode?: StructuredOutputMode | Record<string, StructuredOutputMode>;
  /** Prices by model id or model name, added to / overriding the built-in table. */
  prices?: Record<string, ModelPrice>;
  /** Who failure messages tell to fix the setup (default `user`: they name the flags). */
  fixedBy?: FixedBy;
}
