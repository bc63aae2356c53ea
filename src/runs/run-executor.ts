import type { ResearchConfig } from '../config/index.js';
import type { ActiveRun } from './active-run.js';
import { type ExecuteRunOptions, launchRun } from './execute-run.js';
import { ResearchThreadError, type ResearchThreads } from './research-threads/index.js';
import type { MemoryScope } from './run-memory.js';
import type { Runner } from './runner.js';

/** A run a worker holds and is about to execute, its options rebuilt from the store and the operator's config. */
export interface RunJob {
  id: string;
  /** The stored options with the operator's connection options (key, base URL, hosts) as they are now. */
  options: ResearchConfig;
  /** Continue from the run's stored events (it has some). */
  resume: boolean;
  /** Whose memories the run may draw on. */
  memoryScope: MemoryScope;
  /** The cluster's claim this worker took the run with: its writes carry it (`WriteFence.claim`). */
  claim?: number;
}

/**
 * Executes the runs a worker takes: in the thread that serves HTTP (`inThreadExecutor`), or with
 * their research in worker threads (`threadPoolExecutor`). Whatever happens, `onSettled` is called
 * once the run has ended (or paused, or was taken over), then its `finished` resolves.
 */
export interface RunExecutor {
  launch(job: RunJob, onSettled: () => void): ActiveRun;
  /** Lets go of what executes runs (threads), once no run executes any more. */
  close(): Promise<void>;
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
    close: async () => {},
  };
}

/**
 * Executes each run's research in a research thread (`createResearchThreads`), which builds models,
 * search and the reader from the operator's configuration; the bookkeeping (`executeRun`: storing
 * events, states, results, memories) stays in this thread. The capabilities of `options` are not
 * used: objects cannot cross threads. A run whose thread stops ends `interrupted`, its stored
 * events kept, to resume.
 */
export function threadPoolExecutor(options: ExecutorOptions & { threads: ResearchThreads }): RunExecutor {
  const { threads, capabilities: _unused, ...rest } = options;
  return {
    launch(job, onSettled) {
      let run: ActiveRun | undefined;
      // Called once `executeRun` has stored the run as running: `run` is set by then.
      const runner: Runner = (researchOptions, runtime) =>
        threads.runner(researchOptions, runtime).catch((error: unknown) => {
          if (error instanceof ResearchThreadError && run) run.stopCause ??= 'crashed';
          throw error;
        });
      run = launchRun({
        ...rest,
        ...job,
        runner,
        logState: (status, fields) => options.logState(job.id, status, fields),
        onPaused: () => options.onPaused(job.id),
        onSettled,
      });
      return run;
    },
    close: () => threads.close(),
  };
}
