/**
 * Every default that changes behaviour, in one place. Flags, env and the config file override these;
 * see `config/schema.ts` for the validated options object built from them.
 */
import type { SearchProviderId } from '../contract/index.js';

/** Model used for every role when nothing else is configured. */
export const DEFAULT_MODEL = 'openai:gpt-4o-mini';
/** Search providers fanned out to when none are configured (the one default list); both need no key. */
export const DEFAULT_SEARCH_PROVIDERS: readonly SearchProviderId[] = ['duckduckgo', 'wikipedia'];

/** Total tokens (input + output, all calls, failed calls included) one run may spend. */
export const DEFAULT_TOKEN_BUDGET = 200_000;
/** Share of the token budget held back for the final forced answer (10–15% per design). */
export const FINAL_ANSWER_RESERVE = 0.12;
/** Loop iterations before the run is forced to answer. */
export const DEFAULT_MAX_STEPS = 20;
/** Wall-clock cap of one run, in seconds. */
export const DEFAULT_MAX_TIME_SECONDS = 600;
/** Failed steps in a row (model errors, invalid output, failed tools) before the run stops trying. */
export const DEFAULT_MAX_CONSECUTIVE_FAILURES = 4;
/** Answers the evaluator may reject before the run gives its best effort. */
export const DEFAULT_MAX_ANSWER_ATTEMPTS = 3;
/** Times the same action (same query, URL or answer) may be chosen again before the run stops. */
export const DEFAULT_MAX_REPEATED_ACTIONS = 3;
/** Steps the run may spend filling the gaps a critique found before the writer answers. */
export const DEFAULT_GAP_STEPS = 2;
/**
 * Sub-questions researched at once by sub-researchers (see docs/how-it-works.md, "Research in breadth"): in
 * `bench/breadth.ts` 3 cut the wall time of a four-sub-question run by about a quarter against 1
 * (planner-led: 45 s to 33 s at real latencies), and 4 saved 4 s more while keeping a fourth model
 * call and search in flight, which free search providers and rate-limited keys answer with errors.
 */
export const DEFAULT_BREADTH = 3;
/** The most sub-researchers a run may have at once. */
export const MAX_BREADTH = 8;
/**
 * Levels of follow-up queries below each sub-question (gpt-researcher's breadth × depth): off by
 * default, since every level costs a model call and its reads.
 */
export const DEFAULT_DEPTH = 0;
/** The most levels of follow-ups `depth` may ask for. */
export const MAX_DEPTH = 3;

/** Highest sampling temperature a run may set (the range OpenAI-style APIs accept: 0–2). */
export const MAX_TEMPERATURE = 2;
/** Steps the step cap may grow by, once, when gaps remain (0: `maxSteps` is the hard cap). */
export const DEFAULT_EXTEND_STEPS = 0;
/** Times one evaluation check may reject answers before the run ends as best effort, naming it. */
export const DEFAULT_MAX_CHECK_FAILURES = 2;

/** Words a `--report` aims for, written section by section. */
export const DEFAULT_REPORT_WORDS = 1_500;
/**
 * Context window (input + output tokens) assumed for a model the context table does not know; set
 * `contextTokens` for such a model to use more of it.
 */
export const DEFAULT_CONTEXT_TOKENS = 8_192;

/** Queries one search action may run at once. */
export const MAX_QUERIES_PER_STEP = 4;
/** URLs one read action may fetch at once. */
export const MAX_URLS_PER_STEP = 4;
/** Results asked of each search provider per query. */
export const DEFAULT_RESULTS_PER_QUERY = 10;
/** Distinct pages the references of an answer may point at. */
export const DEFAULT_MAX_RETURNED_URLS = 10;
/** Share of an answer's factual sentences that must be supported (before removal) for `completed`. */
export const DEFAULT_MIN_SUPPORT = 0.8;
/**
 * Bound on one run's archive of pages (`.warc.gz`), in MB: room for the bodies of a long report's
 * cited pages (at most FETCH_MAX_BYTES each) without letting one run fill a disk.
 */
export const DEFAULT_ARCHIVE_MAX_MB = 50;

/** Timeout of one model call, in milliseconds. */
export const LLM_CALL_TIMEOUT_MS = 120_000;
/** Retries of one model call after a retryable failure (429, 5xx, network). */
export const LLM_MAX_RETRIES = 2;
/** First backoff delay; doubled each retry, capped by LLM_MAX_BACKOFF_MS. */
export const LLM_BASE_BACKOFF_MS = 500;
export const LLM_MAX_BACKOFF_MS = 20_000;
/**
 * Share of a computed backoff that is random: each wait lies between (1 − jitter) and 1 times it, so
 * calls that failed together (a rate limit, a restart) do not all retry at the same moment. A wait
 * the server asked for (Retry-After) is kept as it is.
 */
export const LLM_BACKOFF_JITTER = 0.5;
/** Failures in a row after which a model cools down and the fallback chain moves on. */
export const MODEL_FAILURES_BEFORE_COOLDOWN = 2;
/** How long a failing model is skipped, in milliseconds. */
export const MODEL_COOLDOWN_MS = 60_000;

/** Page fetch timeout (whole body), in milliseconds. */
export const FETCH_TIMEOUT_MS = 15_000;
/** Largest body the reader accepts, compressed or decompressed, in bytes. */
export const FETCH_MAX_BYTES = 10 * 1024 * 1024;
/** Redirects the reader follows, each re-checked against the SSRF guard. */
export const FETCH_MAX_REDIRECTS = 5;
/** How long a cached source stays fresh, in milliseconds. */
export const SOURCE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** User-Agent of every request the reader and search providers make. */
export const USER_AGENT = 'DeepResearch/0.1 (+https://github.com/deepresearch/deepresearch)';

/** Config file looked for in the working directory when --config is not given. */
export const CONFIG_FILE_NAME = 'deepresearch.config.json';

/** Port `deepresearch serve` listens on when --port is not given. */
export const DEFAULT_PORT = 8080;
/** Host the server binds to; without an auth token it is always loopback only. */
export const DEFAULT_HOST = '127.0.0.1';
/** Runs that execute at once; the rest wait in order as `queued`. */
export const DEFAULT_MAX_CONCURRENT_RUNS = 4;
/**
 * What a `serve` process does on a shared Postgres: `api` accepts runs, serves the UI and streams
 * events; `worker` executes queued runs; `all` (the default, and the only role on SQLite) does both.
 */
export const SERVER_ROLES = ['all', 'api', 'worker'] as const;
/**
 * Where a server executes the research of its runs: `worker` in worker threads, so the thread that
 * serves HTTP and events does little else; `thread` in that thread (as with injected capabilities,
 * which cannot cross threads).
 */
export const RUN_EXECUTORS = ['thread', 'worker'] as const;
/**
 * The executor `serve` uses when --executor is not given. Research threads keep the HTTP thread far
 * less busy at 100 runs (`npx tsx bench/server-load-compare.ts --executors`), at more CPU a run;
 * the default stays `thread` until the end-to-end suite is timed with threads started from source.
 */
export const DEFAULT_RUN_EXECUTOR: (typeof RUN_EXECUTORS)[number] = 'thread';
/**
 * Runs one owner (an auth token; every run without auth is one owner) may have waiting as `queued`;
 * a start past it is refused (429) until some have started.
 */
export const DEFAULT_MAX_QUEUED_PER_OWNER = 100;
/** Seconds a worker may stay silent before its runs are given to another worker. */
export const DEFAULT_WORKER_TIMEOUT_SECONDS = 30;
/**
 * Levels of the server's log lines, least severe first: `info` (every request and change of a run's
 * state), `warn`, `error`. `serve --log-level` writes its level and those after it.
 */
export const LOG_LEVELS = ['info', 'warn', 'error'] as const;
/** Requests one client (auth token, or address without auth) may make per minute, over every api node. */
export const DEFAULT_REQUESTS_PER_MINUTE = 600;

/** Seconds a run waiting for input (`needs_input`) waits on a server before it is cancelled: 24 h. */
export const DEFAULT_INPUT_WAIT_SECONDS = 86_400;

/** Inputs `deepresearch read` reads at once (also the most it allows). */
export const DEFAULT_READ_CONCURRENCY = 8;
/** Output formats of `deepresearch read`; the first is the default. */
export const READ_FORMATS = ['markdown', 'text', 'json'] as const;

/** How `deepresearch search` and the corpus tools search: words, meaning, or both fused. */
export const SEARCH_MODES = ['lexical', 'semantic', 'hybrid'] as const;
/** What `index` and `search` do with a folder's secret files (`.env`, keys): leave out, or index. */
export const SECRET_FILE_MODES = ['skip', 'index'] as const;
/** Hits `deepresearch search` prints by default. */
export const DEFAULT_SEARCH_LIMIT = 10;
/** Questions `deepresearch eval` researches at once by default. */
export const DEFAULT_EVAL_CONCURRENCY = 2;

/** Earlier assistant turns of a conversation a run takes as prior context (`priorTurns`): the latest ones. */
export const MAX_PRIOR_TURNS = 5;
/** Characters of one earlier answer a run takes (the rest is cut). */
export const MAX_PRIOR_TURN_CHARS = 12_000;
/** Citations (annotations) of one earlier answer a run takes, besides the links in its text. */
export const MAX_PRIOR_TURN_CITATIONS = 50;
/** Characters of a URL or title of a cited source; a longer one is no source a page names. */
export const MAX_PRIOR_CITATION_CHARS = 2_000;
