import type { RunArchive } from '../../archive/index.js';
import type { ResearchConfig } from '../../config/index.js';
import type { ResearchEvent, ResearchResult, RunMemory } from '../../contract/index.js';
import type { PageScreenshot, Source } from '../../reader/index.js';

/**
 * What a research thread is given once, when it starts: the operator's configuration (its key
 * included) and environment. Runs never carry either; each thread rebuilds a run's capabilities
 * from these.
 */
export interface ResearchThreadData {
  config: ResearchConfig;
  env: Record<string, string | undefined>;
  /** Pages are cached in the server's source cache (through messages), not in the thread's memory. */
  sharedCache: boolean;
  /** Workers of the thread's page extraction pool: its share of the machine's cores. */
  extractWorkers: number;
}

/**
 * A run to execute: its stored options without the connection options (key, base URLs, hosts,
 * corpora), which the thread takes from its own configuration.
 */
export interface StartRunMessage {
  type: 'start';
  runId: string;
  options: Record<string, unknown> & { question: string };
  /** The run's stored events, when it continues from them. */
  resumeFrom?: ResearchEvent[];
  memories?: readonly RunMemory[];
}

/** Messages to a research thread. */
export type ToResearchThread =
  | StartRunMessage
  /** Stop the run: it ends `cancelled` with its best answer so far. */
  | { type: 'cancel'; runId: string; reason: string }
  /** Close the shared browser and corpora, then exit. */
  | { type: 'close' }
  /** The server's cache's answer to a `cache` request: the source a get found, or why it failed. */
  | CachedMessage;

/** The answer to a `cache` request. */
export interface CachedMessage {
  type: 'cached';
  requestId: number;
  source?: Source;
  error?: { code: string; message: string };
}

/** Messages from a research thread: about one run, or to the server's source cache. */
export type FromResearchThread =
  /** The thread has loaded the engine and opened the corpora: it can execute runs. */
  | {
      type: 'ready' /** What did not go as it should, for the log (its priority stayed as it was). */;
      warning?: string;
    }
  | { type: 'cache'; requestId: number; get: string }
  | { type: 'cache'; requestId: number; put: Source; ttlMs: number }
  | { type: 'event'; runId: string; event: ResearchEvent }
  | { type: 'screenshot'; runId: string; screenshot: PageScreenshot }
  | { type: 'archive'; runId: string; archive: RunArchive }
  | { type: 'result'; runId: string; result: ResearchResult }
  | { type: 'error'; runId: string; code: string; message: string };
