/**
 * Defaults of `deepresearch serve` that change behaviour, in one place. Research defaults live in
 * `config/constants.ts`; these only shape the service around the runs.
 */

/** Port the server listens on when --port is not given. */
export const DEFAULT_PORT = 8080;
/** Host the server binds to; without an auth token it is always loopback only. */
export const DEFAULT_HOST = '127.0.0.1';
/** Runs that execute at once; the rest wait in order as `queued`. */
export const DEFAULT_MAX_CONCURRENT_RUNS = 4;
/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Requests one client (auth token, or address without auth) may make per minute. */
export const DEFAULT_REQUESTS_PER_MINUTE = 600;
/** Runs listed per page by `GET /api/runs` unless `limit` says otherwise. */
export const DEFAULT_PAGE_SIZE = 50;
/** Largest `limit` accepted by `GET /api/runs`. */
export const MAX_PAGE_SIZE = 500;
/** How long a graceful shutdown lets running runs finish before cancelling them, in milliseconds. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** Interval of SSE comment lines that keep idle proxies from closing a stream, in milliseconds. */
export const SSE_HEARTBEAT_MS = 15_000;
/** Characters per `content` delta when the OpenAI endpoint streams a finished answer. */
export const ANSWER_CHUNK_CHARS = 160;
/** Model id that `/v1/models` lists and that maps to the server's configured model. */
export const DEFAULT_MODEL_ALIAS = 'deepresearch';
/** Budgets chosen by OpenAI's `reasoning_effort`. */
export const REASONING_EFFORT_BUDGETS = {
  low: { tokenBudget: 50_000, maxSteps: 8, maxAnswerAttempts: 2 },
  medium: { tokenBudget: 200_000, maxSteps: 20, maxAnswerAttempts: 3 },
  high: { tokenBudget: 1_000_000, maxSteps: 50, maxAnswerAttempts: 5 },
} as const;
/** File name of the database inside the user's data directory. */
export const DEFAULT_DB_FILE = 'deepresearch.db';
/** Time windows `GET /api/metrics` accepts, in milliseconds (`all` has no bound). */
export const METRICS_WINDOWS: Record<string, number | null> = {
  '1h': 60 * 60 * 1000,
  '24h': 24 * 60 * 60 * 1000,
  '7d': 7 * 24 * 60 * 60 * 1000,
  '30d': 30 * 24 * 60 * 60 * 1000,
  all: null,
};
/** Buckets in the time series of `GET /api/metrics`. */
export const METRICS_BUCKETS = 24;
