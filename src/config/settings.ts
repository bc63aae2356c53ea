import { z } from 'zod';
import {
  DEFAULT_EVAL_CONCURRENCY,
  DEFAULT_HOST,
  DEFAULT_INPUT_WAIT_SECONDS,
  DEFAULT_MAX_CONCURRENT_RUNS,
  DEFAULT_MAX_QUEUED_PER_OWNER,
  DEFAULT_PORT,
  DEFAULT_READ_CONCURRENCY,
  DEFAULT_REQUESTS_PER_MINUTE,
  DEFAULT_RUN_EXECUTOR,
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_WORKER_TIMEOUT_SECONDS,
  LOG_LEVELS,
  MAX_TEMPERATURE,
  READ_FORMATS,
  RUN_EXECUTORS,
  SEARCH_MODES,
  SECRET_FILE_MODES,
  SERVER_ROLES,
} from './constants.js';
import {
  modelId,
  modelPattern,
  numberBetween,
  positiveWholeNumber,
  wholeNumberBetween,
} from './value-schemas.js';
import { expectedWords } from './values.js';

// The options of `serve`, `read` and the command line itself, beside the research options of
// schema.ts. Messages are what a value must be (see values.ts).

const text = (words: string) => z.string(expectedWords(words)).trim().min(1, expectedWords(words));
const list = <T extends z.ZodType>(item: T, what: string) =>
  z.array(item, expectedWords(`a list of ${what}`));
const flag = () => z.boolean(expectedWords('true or false'));

/** What `deepresearch serve` needs besides the research options (the defaults of its runs). */
export const serveSettingsSchema = z.object({
  port: wholeNumberBetween(0, 65_535).default(DEFAULT_PORT),
  host: text('a host name or address, e.g. "127.0.0.1"').default(DEFAULT_HOST),
  db: text('a file path or a postgres:// URL').optional(),
  /** `deepresearch memory forget --all`: every memory, not one. */
  forgetAll: flag().default(false),
  authTokens: list(text('a non-empty token'), 'tokens').default([]),
  authTokenFile: text('a file path').optional(),
  adminTokens: list(text('a non-empty token'), 'tokens').default([]),
  adminTokenFile: text('a file path').optional(),
  maxConcurrentRuns: positiveWholeNumber(1000).default(DEFAULT_MAX_CONCURRENT_RUNS),
  // No default: absent, an owner's runs may take every slot (they still take turns with others').
  maxRunningPerOwner: positiveWholeNumber(100_000).optional(),
  maxQueuedPerOwner: positiveWholeNumber(1_000_000).default(DEFAULT_MAX_QUEUED_PER_OWNER),
  inputWaitSeconds: positiveWholeNumber(30 * 86_400).default(DEFAULT_INPUT_WAIT_SECONDS),
  role: z.enum(SERVER_ROLES, expectedWords(`one of ${SERVER_ROLES.join(', ')}`)).default('all'),
  workerTimeout: positiveWholeNumber(3600).default(DEFAULT_WORKER_TIMEOUT_SECONDS),
  executor: z
    .enum(RUN_EXECUTORS, expectedWords(`one of ${RUN_EXECUTORS.join(', ')}`))
    .default(DEFAULT_RUN_EXECUTOR),
  // No default: absent, one thread a core.
  executorThreads: positiveWholeNumber(256).optional(),
  // No default: absent, a research thread's heap is as large as the process's (Node's own limit).
  threadMemoryMb: positiveWholeNumber(1_048_576).optional(),
  requestsPerMinute: positiveWholeNumber(1_000_000).default(DEFAULT_REQUESTS_PER_MINUTE),
  corsOrigins: list(text('an origin such as "https://example.com" or "*"'), 'origins').default([]),
  allowedModels: list(modelPattern, 'model ids').default([]),
  evalDirs: list(text('a folder path'), 'folders').default([]),
  publicUrl: z
    .url({ protocol: /^https?$/, error: 'an http(s) URL such as "https://research.example.com"' })
    .optional(),
  maxTemperature: numberBetween(0, MAX_TEMPERATURE).optional(),
  // No default: absent, quiet on a terminal and every line elsewhere (see serve-command).
  logLevel: z.enum(LOG_LEVELS, expectedWords(`one of ${LOG_LEVELS.join(', ')}`)).optional(),
});
export type ServeSettings = z.output<typeof serveSettingsSchema>;

/** What `deepresearch read` needs besides its inputs (its `allowHosts` is the research option's). */
export const readSettingsSchema = z.object({
  format: z.enum(READ_FORMATS, expectedWords(`one of ${READ_FORMATS.join(', ')}`)).default(READ_FORMATS[0]),
  concurrency: positiveWholeNumber(DEFAULT_READ_CONCURRENCY).default(DEFAULT_READ_CONCURRENCY),
});
export type ReadSettings = z.output<typeof readSettingsSchema>;

/** What `deepresearch index` and `search` need besides the corpus options of research. */
export const corpusSettingsSchema = z.object({
  index: text('a file path').optional(),
  mode: z.enum(SEARCH_MODES, expectedWords(`one of ${SEARCH_MODES.join(', ')}`)).default('hybrid'),
  limit: positiveWholeNumber(1000).default(DEFAULT_SEARCH_LIMIT),
  queries: text('a file path').optional(),
  // No default: absent, the folder's index keeps the choice made before (skip when none was).
  secretFiles: z.enum(SECRET_FILE_MODES, expectedWords(`one of ${SECRET_FILE_MODES.join(', ')}`)).optional(),
  maxFileSize: positiveWholeNumber(4096).optional(),
});
export type CorpusSettings = z.output<typeof corpusSettingsSchema>;

/** What `deepresearch eval` takes besides the research options (command line only). */
export const evalSettingsSchema = z.object({
  datasetFormat: text('a dataset format').optional(),
  evalLimit: positiveWholeNumber(1_000_000).optional(),
  sample: positiveWholeNumber(1_000_000).optional(),
  seed: wholeNumberBetween(0, 2 ** 31 - 1).optional(),
  ids: list(text('a question id'), 'question ids').default([]),
  evalConcurrency: positiveWholeNumber(64).default(DEFAULT_EVAL_CONCURRENCY),
  resume: flag().default(false),
  judgeModel: modelId.optional(),
  dataset: text('a file path').optional(),
  predictions: text('a file path').optional(),
});
export type EvalSettings = z.output<typeof evalSettingsSchema>;

/**
 * MCP servers whose search and read tools runs also use: `--mcp "name=COMMAND ARGS"` strings, or in
 * a config file `{ name, command, args, … }` entries (checked in full by the mcp module).
 */
export const mcpSettingsSchema = z.object({
  mcp: list(
    z.union(
      [z.string().trim().min(1), z.record(z.string(), z.unknown())],
      expectedWords('"COMMAND ARGS" or an entry { "name", "command", "args" }'),
    ),
    'MCP servers',
  ).default([]),
  allowFiles: list(text('a file or folder path'), 'paths').default([]),
});
export type McpSettings = z.output<typeof mcpSettingsSchema>;

/** How a command prints: command line only, never from a config file. */
export const outputSettingsSchema = z.object({
  json: flag().default(false),
  out: text('a file path').optional(),
  withArchive: flag().default(false),
  live: flag().default(false),
  warc: text('a file path').optional(),
  quiet: flag().default(false),
  verbose: flag().default(false),
  config: text('a file path').optional(),
  help: flag().default(false),
  version: flag().default(false),
});
export type OutputSettings = z.output<typeof outputSettingsSchema>;
