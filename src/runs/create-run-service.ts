import {
  DEFAULT_MAX_CONCURRENT_RUNS,
  DEFAULT_MAX_QUEUED_PER_OWNER,
  type ResearchConfig,
} from '../config/index.js';
import type { CapabilityOverrides } from '../research/index.js';
import type { RunStore } from '../store/index.js';
import { connectionOptionsOf } from './connection-options.js';
import type { CorpusRegistry } from './corpus-registry.js';
import { type Logger, silentLogger } from './logger.js';
import { createResearchThreads, type ResearchThreadsOptions } from './research-threads/index.js';
import { RunManager } from './run-manager.js';
import type { ClusterMembership } from './run-manager-options.js';
import type { Runner } from './runner.js';

/** What the run service of a server is made of. */
export interface RunServiceOptions {
  store: RunStore;
  /** Executes runs: `research` from the engine, or a fake. */
  runner: Runner;
  /**
   * The operator's research options: its API key is never stored or sent, and every run executes
   * with its connection options (key, base URL, SearXNG URL, allowed hosts) as they are then.
   */
  config: ResearchConfig;
  /** Runs that execute at once; the rest wait in order (default `DEFAULT_MAX_CONCURRENT_RUNS`). */
  maxConcurrentRuns?: number;
  /** Runs of one owner executing at once over every worker (default: no cap beyond the slots). */
  maxRunningPerOwner?: number;
  /** Runs of one owner waiting as `queued` (default `DEFAULT_MAX_QUEUED_PER_OWNER`). */
  maxQueuedPerOwner?: number;
  /** How long a run waiting for input waits before it is cancelled, in ms (default 24 h). */
  inputWaitMs?: number;
  logger?: Logger;
  /** More strings never stored or sent besides the API key: the server's auth tokens. */
  secrets?: readonly string[];
  /** Capabilities every run gets: the shared source cache, the environment, fakes in tests. */
  capabilities?: CapabilityOverrides;
  /**
   * The operator's registered corpora, the only ones runs may research (by id). Without them runs
   * get none: a folder named in a client's options is never opened.
   */
  corpora?: CorpusRegistry;
  /**
   * Executes each run's research in up to `size` worker threads (`serve --executor worker`), off
   * the thread that serves HTTP; each thread builds models, search, the reader and the corpora
   * from `config` and `env`, so `runner` and `capabilities` are not used by runs then. Absent,
   * research runs in this thread (the only choice with injected capabilities: objects cannot
   * cross threads).
   */
  threads?: { size: number; env: Record<string, string | undefined> } & Pick<
    ResearchThreadsOptions,
    'start' | 'memoryMb'
  >;
  /** This server is a node of a cluster (Postgres): see `ClusterMembership`. Call `join()` once listening. */
  cluster?: ClusterMembership;
  now?: () => Date;
  createId?: () => string;
}

/**
 * The run service as a server runs it for its clients: the operator's secrets redacted, every run
 * on the operator's current connection, and only registered corpora.
 */
export function createRunService(options: RunServiceOptions): RunManager {
  const { config } = options;
  return new RunManager({
    store: options.store,
    runner: options.runner,
    maxConcurrentRuns: options.maxConcurrentRuns ?? DEFAULT_MAX_CONCURRENT_RUNS,
    maxRunningPerOwner: options.maxRunningPerOwner,
    maxQueuedPerOwner: options.maxQueuedPerOwner ?? DEFAULT_MAX_QUEUED_PER_OWNER,
    logger: options.logger ?? silentLogger,
    secrets: [...(options.secrets ?? []), ...(config.apiKey ? [config.apiKey] : [])],
    connection: connectionOptionsOf(config),
    capabilities: { ...options.capabilities, corpora: options.corpora?.corpora ?? [] },
    inputWaitMs: options.inputWaitMs,
    cluster: options.cluster,
    researchThreads: options.threads
      ? createResearchThreads({
          size: options.threads.size,
          data: { config, env: options.threads.env },
          // The database's cache, shared by every thread and run.
          sourceCache: options.capabilities?.sourceCache,
          start: options.threads.start,
          memoryMb: options.threads.memoryMb,
          logger: options.logger,
          // No run should wait for a thread to load the engine.
          prestart: true,
        })
      : undefined,
    now: options.now,
    createId: options.createId,
  });
}
