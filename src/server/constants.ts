/**
 * Defaults of `deepresearch serve` that change behaviour, in one place. Research defaults live in
 * `config/constants.ts`; these only shape the service around the runs.
 */

// The defaults a flag can change live with the flags, in config/.
export {
  DEFAULT_HOST,
  DEFAULT_MAX_CONCURRENT_RUNS,
  DEFAULT_PORT,
  DEFAULT_REQUESTS_PER_MINUTE,
} from '../config/index.js';
/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;
// The longest question is the same on every surface (MCP's research tool too), so it lives in contract/.
export { MAX_QUESTION_CHARS } from '../contract/index.js';
/**
 * Wrong auth tokens one client address may send per minute (also the burst), and the whole server
 * from every address together; past either, logins get 429 without being told whether their token
 * is right, except a token already accepted from the same address within `PROVEN_LOGIN_MS`.
 */
export const DEFAULT_FAILED_LOGINS_PER_MINUTE = 10;
export const DEFAULT_FAILED_LOGINS_OVERALL_PER_MINUTE = 100;
export const PROVEN_LOGIN_MS = 24 * 60 * 60 * 1000;
/**
 * `Retry-After` of a start refused because its token has as many runs queued as allowed, in seconds:
 * a research run takes minutes, so one of them starts within about this long on a busy server.
 */
export const QUEUE_FULL_RETRY_SECONDS = 30;
/** Runs listed per page by `GET /api/runs` unless `limit` says otherwise. */
export const DEFAULT_PAGE_SIZE = 50;
/** Largest `limit` accepted by `GET /api/runs`. */
export const MAX_PAGE_SIZE = 500;
/** How long a graceful shutdown lets running runs finish before cancelling them, in milliseconds. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** How often an idle worker node looks for queued runs besides being told of them, in milliseconds. */
export const WORKER_POLL_MS = 1000;
/** Heartbeats a worker sends within its `--worker-timeout` (so a late one or two is not fatal). */
export const HEARTBEATS_PER_TIMEOUT = 4;
/** Interval of SSE comment lines that keep idle proxies from closing a stream, in milliseconds. */
export const SSE_HEARTBEAT_MS = 15_000;
/**
 * How long an SSE client waits before reconnecting after a dropped stream, in milliseconds: sent as
 * `retry:` when a stream opens (EventSource and the `eventsource` package honour it).
 */
export const SSE_RETRY_MS = 3000;
/** Characters per `content` delta when the OpenAI endpoint streams a finished answer. */
export const ANSWER_CHUNK_CHARS = 160;
/** Model id that `/v1/models` lists and that maps to the server's configured model. */
export const DEFAULT_MODEL_ALIAS = 'deepresearch';
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
/**
 * How long an `Idempotency-Key` names its first run, in milliseconds: a request sent again with
 * the same key (same client, same body) within it gets that run's result instead of a new run.
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * How long after its run failed the same request (same client, route and body, no
 * `Idempotency-Key`) on `/v1/chat/completions` or `/v1/responses` gets that run's failure again
 * instead of starting a run, in milliseconds. LangChain's ChatOpenAI retries a 424 six times with
 * backoff doubling from about a second, up to about two minutes in all.
 */
export const FAILED_RUN_REPLAY_MS = 5 * 60 * 1000;
/**
 * Keys one server keeps in its memory at most (the oldest go first), so a client cannot grow it;
 * also the address-and-token pairs it remembers as proven. On Postgres keys expire instead.
 */
export const MAX_IDEMPOTENCY_KEYS = 10_000;
/** Longest `Idempotency-Key` accepted, in characters. */
export const MAX_IDEMPOTENCY_KEY_CHARS = 255;
/**
 * Characters of an earlier assistant answer a `/v1` question carries as context; the whole answer
 * and its sources reach the run as prior turns (`priorTurns`).
 */
export const ASSISTANT_CONTEXT_CHARS = 300;
