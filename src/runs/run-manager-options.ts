import type { CapabilityOverrides } from '../research/index.js';
import type { RunCluster, RunStore } from '../store/index.js';
import type { ConnectionOptions } from './connection-options.js';
import type { Logger } from './logger.js';
import type { ResearchThreads } from './research-threads/index.js';
import type { WorkerTiming } from './run-dispatcher.js';
import type { Runner } from './runner.js';

/** What a run service is made of (`createRunService` builds them from a server's config). */
export interface RunManagerOptions {
  store: RunStore;
  runner: Runner;
  /** Runs this node executes at once; the rest wait in the cluster's queue. */
  maxConcurrentRuns: number;
  logger: Logger;
  /** Strings that must never be stored or sent (API keys, auth tokens); replaced in events. */
  secrets?: readonly string[];
  /**
   * The operator's connection options (API key, base URL, SearXNG URL, allowed hosts, corpora):
   * every run executes with these as they are when it starts, never with ones it was queued with.
   * The key is never stored.
   */
  connection?: ConnectionOptions;
  /**
   * Capabilities every run gets: the shared reader cache (the store's SQLite cache on the server),
   * the registered corpora, the environment; models, search and reader in tests and benchmarks.
   */
  capabilities?: CapabilityOverrides;
  /**
   * How long a run waiting for input (`needs_input`) waits before it is cancelled with stop reason
   * `input_timeout`, in milliseconds (default `DEFAULT_INPUT_WAIT_SECONDS`, 24 h).
   */
  inputWaitMs?: number;
  /**
   * Runs of one owner executing at once over every worker; the owner's others wait while other
   * owners' runs start (absent: no cap beyond the slots; owners take turns either way).
   */
  maxRunningPerOwner?: number;
  /** Runs of one owner waiting as `queued`; a start past it is `queue_full` (absent: no cap). */
  maxQueuedPerOwner?: number;
  /**
   * Executes each run's research in these worker threads (`serve --executor worker`), which build
   * models, search and the reader from the operator's configuration: `runner` and `capabilities`
   * are then unused. Absent, research runs in this thread. Closed by `shutdown`.
   */
  researchThreads?: ResearchThreads;
  /** The nodes runs execute on (default: this process alone, an in-process cluster over `store`). */
  cluster?: ClusterMembership;
  now?: () => Date;
  createId?: () => string;
}

/** How a run service takes part in a cluster (`deepresearch serve --role` on Postgres). */
export interface ClusterMembership {
  cluster: RunCluster;
  /** Whether this node executes runs (`--role worker` or `all`); API nodes only queue them. */
  executes: boolean;
  timing: WorkerTiming;
}
