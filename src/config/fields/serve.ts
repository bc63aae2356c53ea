import type { FieldRow } from '../field.js';
import type { ServeSettings } from '../settings.js';

const serve = (key: keyof ServeSettings, rest: Omit<FieldRow, 'key' | 'groups'>): FieldRow => ({
  key,
  groups: ['serve'],
  ...rest,
});

/** Options of `deepresearch serve` besides the research options. */
export const serveFields: readonly FieldRow[] = [
  serve('port', {
    flag: 'port',
    quick: { min: 0, max: 65_535 },
    kind: 'integer',
    value: 'N',
    help: 'Port to listen on; 0 picks a free one.',
  }),
  serve('host', {
    flag: 'host',
    kind: 'string',
    value: 'HOST',
    help: 'Interface to listen on; anything but loopback needs --auth-token.',
  }),
  {
    ...serve('db', {
      flag: 'db',
      quick: 'text',
      kind: 'string',
      env: 'DEEPRESEARCH_DB',
      value: 'PATH',
      help: 'SQLite database file, or a postgres://user:password@host:port/database URL (default: deepresearch/deepresearch.db in your data directory).',
    }),
    // eval stores its runs in the server's database unless told otherwise; ask and memory keep memories there.
    groups: ['serve', 'eval', 'database'],
  },
  serve('authTokens', {
    flag: 'auth-token',
    kind: 'list',
    env: 'DEEPRESEARCH_AUTH_TOKENS',
    value: 'TOKEN',
    help: 'Bearer token clients must send (repeatable; comma-separated in the variable).',
  }),
  serve('authTokenFile', {
    flag: 'auth-token-file',
    kind: 'string',
    value: 'FILE',
    help: 'File with one token per line (# comments allowed).',
  }),
  serve('adminTokens', {
    flag: 'admin-token',
    kind: 'list',
    env: 'DEEPRESEARCH_ADMIN_TOKENS',
    value: 'TOKEN',
    help: 'Bearer token that sees and changes every run, not only its own (repeatable).',
  }),
  serve('adminTokenFile', {
    flag: 'admin-token-file',
    kind: 'string',
    value: 'FILE',
    help: 'File with one admin token per line.',
  }),
  serve('maxConcurrentRuns', {
    flag: 'max-concurrent-runs',
    kind: 'integer',
    value: 'N',
    help: 'Runs executing at once; others wait as queued.',
  }),
  serve('maxRunningPerOwner', {
    flag: 'max-running-per-owner',
    kind: 'integer',
    value: 'N',
    help: "Runs of one owner (auth token; all runs without auth are one owner) executing at once, over every worker; the owner's others wait as queued while other owners' runs start (default: no cap beyond the slots; owners take turns either way).",
  }),
  serve('maxQueuedPerOwner', {
    flag: 'max-queued-per-owner',
    kind: 'integer',
    value: 'N',
    help: 'Runs of one owner waiting as queued; a start past it gets a 429 naming the limit, with Retry-After.',
  }),
  serve('inputWaitSeconds', {
    flag: 'input-wait',
    kind: 'integer',
    env: 'DEEPRESEARCH_INPUT_WAIT',
    value: 'SECONDS',
    help: 'How long a run waiting for input (clarifying answers, a plan review) waits before it is cancelled.',
  }),
  serve('role', {
    flag: 'role',
    kind: 'string',
    env: 'DEEPRESEARCH_ROLE',
    value: 'ROLE',
    help: 'all, api (accept runs, serve the UI and events) or worker (execute queued runs); api and worker need a postgres:// --db.',
  }),
  serve('workerTimeout', {
    flag: 'worker-timeout',
    kind: 'integer',
    value: 'SECONDS',
    help: 'On Postgres: a worker silent this long is presumed dead and its runs resume on another worker.',
  }),
  serve('executor', {
    flag: 'executor',
    kind: 'string',
    env: 'DEEPRESEARCH_EXECUTOR',
    value: 'WHERE',
    help: 'Where runs do their research: worker (in worker threads, off the thread that serves HTTP and events; each thread builds models, search and the reader from this configuration) or thread (in the thread that serves HTTP).',
  }),
  serve('executorThreads', {
    flag: 'executor-threads',
    kind: 'integer',
    value: 'N',
    help: 'With --executor worker: research threads, each executing several runs at once (default: one a core).',
  }),
  serve('threadMemoryMb', {
    flag: 'thread-memory',
    kind: 'integer',
    value: 'MB',
    help: "With --executor worker: the most heap each research thread may use, in MB (default: Node's own limit). A thread past it stops; its runs end interrupted, their events kept, and resume once the limit is raised.",
  }),
  serve('requestsPerMinute', {
    flag: 'rate-limit',
    kind: 'integer',
    value: 'N',
    help: 'Requests per minute each client (auth token) may make, over every api node together on Postgres; past it a 429 with Retry-After.',
  }),
  serve('logLevel', {
    flag: 'log-level',
    kind: 'string',
    env: 'DEEPRESEARCH_LOG_LEVEL',
    value: 'LEVEL',
    help: 'Least severe log line written to stderr, one JSON object each: info (every request, static files and polls included, and every change of a run), warn or error (default: warn on a terminal, info otherwise).',
  }),
  serve('corsOrigins', {
    flag: 'cors-origin',
    kind: 'list',
    value: 'ORIGIN',
    help: 'Browser origin allowed by CORS (repeatable; * for any).',
  }),
  serve('allowedModels', {
    flag: 'allowed-model',
    kind: 'list',
    value: 'ID',
    help: 'Model API clients may choose besides the configured ones (repeatable; provider:* for all of a provider).',
  }),
  serve('evalDirs', {
    flag: 'eval-dir',
    kind: 'list',
    value: 'DIR',
    help: 'Folder of deepresearch eval results shown at /api/evals and in the UI: one eval folder or a folder of them (repeatable; default: the working directory).',
  }),
  {
    ...serve('forgetAll', {
      flag: 'all',
      kind: 'boolean',
      help: 'With memory forget: forget every memory in the database.',
      inFile: false,
    }),
    groups: ['memory'],
  },
  serve('publicUrl', {
    flag: 'public-url',
    kind: 'string',
    env: 'DEEPRESEARCH_PUBLIC_URL',
    value: 'URL',
    help: 'Address clients reach the server at (behind a proxy): the base of the websocket_url and events_url that POST /api/runs answers (default: the address of the request).',
  }),
  serve('maxTemperature', {
    flag: 'max-temperature',
    kind: 'number',
    value: 'T',
    help: 'Highest temperature API clients may ask for (options.temperature, /v1 temperature); a request above it is refused with a 400 (default: any up to 2).',
  }),
];
