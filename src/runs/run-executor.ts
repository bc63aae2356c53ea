import type { ResearchConfig } from '../config/index.js';
import type { ActiveRun } from './active-run.js';
import { type ExecuteRunOptions, launchRun } from './execute-run.js';
import type { MemoryScope } from './run-memory.js';

/** A run a worker holds and is about to execute, its options rebuilt from the store and the operator's config. */
export interface RunJob {
  id: string;
  /** The stored options with the operator's connection options (key, base URL, hosts) as they are now. */
  options: ResearchConfig;
  /** Continue from the run's stored events (it has some). */
  resume: boolean;
  /** Whose memories the run may draw on. */
  memoryScope: MemoryScope;
}

/**
 * Executes the runs a worker takes: in the thread that serves HTTP (`inThreadExecutor`), or, as
 * another implementation, in a worker thread of its own. Whatever happens, `onSettled` is called
 * once the run has ended (or paused, or was taken over), then its `finished` resolves.
 */
export interface RunExecutor {
  launch(job: RunJob, onSettled: () => void): ActiveRun;
}

/** What executing a run needs besides the job: the store, the engine, where events and states go. */
export type ExecutorOptions = Omit<ExecuteRunOptions, keyof RunJob | 'run' | 'logState' | 'onPaused'> & {
  logState: (runId: string, ...rest: Parameters<ExecuteRunOptions['logState']>) => void;
  /** Told once a run that paused for input (`needs_input`) is stored as waiting. */
  onPaused: (runId: string) => void;
};

/** Executes each run in this thread (`executeRun`). */
export function inThreadExecutor(options: ExecutorOptions): RunExecutor {
  return {
    launch(job, onSettled) {
      return launchRun({
        ...options,
        ...job,
        logState: (status, fields) => options.logState(job.id, status, fields),
        onPaused: () => options.onPaused(job.id),
        onSettled,
      });
    },
  };
}
