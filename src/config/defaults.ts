import {
  DEFAULT_ARCHIVE_MAX_MB,
  DEFAULT_BREADTH,
  DEFAULT_DEPTH,
  DEFAULT_EVAL_CONCURRENCY,
  DEFAULT_EXTEND_STEPS,
  DEFAULT_GAP_STEPS,
  DEFAULT_HOST,
  DEFAULT_INPUT_WAIT_SECONDS,
  DEFAULT_MAX_ANSWER_ATTEMPTS,
  DEFAULT_MAX_CONCURRENT_RUNS,
  DEFAULT_MAX_CONSECUTIVE_FAILURES,
  DEFAULT_MAX_QUEUED_PER_OWNER,
  DEFAULT_MAX_REPEATED_ACTIONS,
  DEFAULT_MAX_RETURNED_URLS,
  DEFAULT_MAX_STEPS,
  DEFAULT_MAX_TIME_SECONDS,
  DEFAULT_MIN_SUPPORT,
  DEFAULT_MODEL,
  DEFAULT_PORT,
  DEFAULT_READ_CONCURRENCY,
  DEFAULT_REPORT_WORDS,
  DEFAULT_REQUESTS_PER_MINUTE,
  DEFAULT_RUN_EXECUTOR,
  DEFAULT_SEARCH_LIMIT,
  DEFAULT_SEARCH_PROVIDERS,
  DEFAULT_TOKEN_BUDGET,
  DEFAULT_WORKER_TIMEOUT_SECONDS,
  READ_FORMATS,
} from './constants.js';

/** The options objects `loadConfig` fills: the research options and each command's settings. */
export type OptionsTarget = 'research' | 'serve' | 'read' | 'corpus' | 'eval' | 'mcp' | 'output';

/**
 * Every key of each options object, in its schema's order, with the default validation fills in
 * (`undefined`: none, the key is left out). The zod schemas (schema.ts, settings.ts) give the same
 * defaults — `load-config.test.ts` holds the two together —; this table lets a command whose options
 * need no schema (none given, or only values the quick checks take) start without loading zod.
 */
export const OPTION_DEFAULTS: Readonly<Record<OptionsTarget, Readonly<Record<string, unknown>>>> = {
  research: {
    model: DEFAULT_MODEL,
    plannerModel: undefined,
    extractorModel: undefined,
    evaluatorModel: undefined,
    writerModel: undefined,
    fallbackModels: [],
    temperature: undefined,
    baseURL: undefined,
    apiKey: undefined,
    keyProvider: undefined,
    search: DEFAULT_SEARCH_PROVIDERS,
    searxngUrl: undefined,
    allowHosts: [],
    browser: undefined,
    boostHosts: [],
    excludeHosts: [],
    onlyHosts: [],
    corpus: [],
    corpora: [],
    web: false,
    embedModel: undefined,
    embedBaseURL: undefined,
    tokenBudget: DEFAULT_TOKEN_BUDGET,
    maxSteps: DEFAULT_MAX_STEPS,
    maxTimeSeconds: DEFAULT_MAX_TIME_SECONDS,
    maxConsecutiveFailures: DEFAULT_MAX_CONSECUTIVE_FAILURES,
    maxAnswerAttempts: DEFAULT_MAX_ANSWER_ATTEMPTS,
    maxRepeatedActions: DEFAULT_MAX_REPEATED_ACTIONS,
    breadth: DEFAULT_BREADTH,
    depth: DEFAULT_DEPTH,
    branch: true,
    strategy: 'auto',
    gapSteps: DEFAULT_GAP_STEPS,
    extendSteps: DEFAULT_EXTEND_STEPS,
    maxReturnedUrls: DEFAULT_MAX_RETURNED_URLS,
    noDirectAnswer: false,
    compute: true,
    archive: 'cited',
    archiveMaxMb: DEFAULT_ARCHIVE_MAX_MB,
    minSupport: DEFAULT_MIN_SUPPORT,
    language: undefined,
    searchLanguage: undefined,
    clarify: false,
    answers: [],
    reviewPlan: false,
    report: false,
    memory: true,
    followUpOf: undefined,
    priorTurns: undefined,
    reportWords: DEFAULT_REPORT_WORDS,
    contextTokens: undefined,
    structuredOutput: 'auto',
  },
  serve: {
    port: DEFAULT_PORT,
    host: DEFAULT_HOST,
    db: undefined,
    forgetAll: false,
    authTokens: [],
    authTokenFile: undefined,
    adminTokens: [],
    adminTokenFile: undefined,
    maxConcurrentRuns: DEFAULT_MAX_CONCURRENT_RUNS,
    maxRunningPerOwner: undefined,
    maxQueuedPerOwner: DEFAULT_MAX_QUEUED_PER_OWNER,
    inputWaitSeconds: DEFAULT_INPUT_WAIT_SECONDS,
    role: 'all',
    workerTimeout: DEFAULT_WORKER_TIMEOUT_SECONDS,
    executor: DEFAULT_RUN_EXECUTOR,
    executorThreads: undefined,
    threadMemoryMb: undefined,
    requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE,
    corsOrigins: [],
    allowedModels: [],
    evalDirs: [],
    publicUrl: undefined,
    maxTemperature: undefined,
    logLevel: undefined,
  },
  read: { format: READ_FORMATS[0], concurrency: DEFAULT_READ_CONCURRENCY },
  corpus: {
    index: undefined,
    mode: 'hybrid',
    limit: DEFAULT_SEARCH_LIMIT,
    queries: undefined,
    secretFiles: undefined,
    maxFileSize: undefined,
  },
  eval: {
    datasetFormat: undefined,
    evalLimit: undefined,
    sample: undefined,
    seed: undefined,
    ids: [],
    evalConcurrency: DEFAULT_EVAL_CONCURRENCY,
    resume: false,
    judgeModel: undefined,
    dataset: undefined,
    predictions: undefined,
  },
  mcp: { mcp: [], allowFiles: [] },
  output: {
    json: false,
    out: undefined,
    withArchive: false,
    live: false,
    warc: undefined,
    quiet: false,
    verbose: false,
    config: undefined,
    help: false,
    version: false,
  },
};

const TARGETS = Object.keys(OPTION_DEFAULTS) as OptionsTarget[];

/** The options object a key belongs to, if any. */
export function targetOf(key: string): OptionsTarget | undefined {
  return TARGETS.find((target) => Object.hasOwn(OPTION_DEFAULTS[target], key));
}

/** The default of an option by its key (of any options object); undefined when it has none. */
export function optionDefault(key: string): unknown {
  const target = targetOf(key);
  return target ? OPTION_DEFAULTS[target][key] : undefined;
}

/**
 * The options object `target` from checked values: each key in the schema's order, the value given,
 * else the default (a fresh copy of a list), else left out — what the schema's parse returns for
 * values each already checked by the key's schema.
 */
export function withDefaults(target: OptionsTarget, values: Readonly<Record<string, unknown>>) {
  const options: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(OPTION_DEFAULTS[target])) {
    const value = Object.hasOwn(values, key)
      ? values[key]
      : Array.isArray(fallback)
        ? [...fallback]
        : fallback;
    if (value !== undefined) options[key] = value;
  }
  return options;
}
