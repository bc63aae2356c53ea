import type {
  MetricsReport,
  ResearchEvent,
  RunDetail,
  RunFigures,
  RunList,
  RunSource,
  RunStatus,
} from '../contract/index.js';
import type { RunEvaluation, RunRecord, RunStore } from '../store/index.js';
import { ALL_RUNS, canAccess, ownerFilter, type RunAccess } from './access.js';
import { RunServiceError } from './errors.js';
import type { RunListener } from './event-hub.js';
import { followRunEvents, type LiveRuns } from './follow-events.js';
import { measureRuns } from './measure-runs.js';
import { runDetail, runSummary } from './run-view.js';
import { storedArchive } from './verify-run.js';

/**
 * The read side of the run service: runs, their events, sources, verdicts and metrics, as `access`
 * may see them, with live figures for running runs. `RunManager` adds execution.
 */
export abstract class RunReader implements LiveRuns {
  constructor(
    protected readonly store: RunStore,
    protected readonly clock: () => Date,
  ) {}

  abstract subscribe(runId: string, listener: RunListener): () => void;
  abstract isLive(runId: string): boolean | Promise<boolean>;
  /** Usage and metrics of a running run so far. */
  abstract liveFigures(runId: string): RunFigures | undefined;
  /** Runs running and queued wherever they execute: this process, or every node of a cluster. */
  abstract liveCounts(): Promise<{ running: number; queued: number }>;
  /** Usage and metrics of a running run, wherever it executes. */
  protected async runningFigures(record: RunRecord): Promise<RunFigures | undefined> {
    return this.liveFigures(record.id);
  }

  /** The stored run; `run_not_found` when there is none, or none `access` may see. */
  async get(id: string, access: RunAccess): Promise<RunRecord> {
    const record = await this.store.getRun(id);
    // Another owner's run is answered exactly like a missing one: its existence is not revealed.
    if (!record || !canAccess(access, record)) {
      throw new RunServiceError('run_not_found', `No run with id "${id}".`, { runId: id });
    }
    return record;
  }

  /** Resolves with the run's record once it has ended (at once if it already has). */
  async waitForEnd(id: string): Promise<RunRecord> {
    let ended = () => {};
    const end = new Promise<void>((resolve) => {
      ended = resolve;
    });
    // Listening starts before the run is looked at, so an end in between is not missed.
    const stop = this.subscribe(id, { onEvent() {}, onEnd: () => ended() });
    try {
      if (await this.isLive(id)) await end;
    } finally {
      stop();
    }
    return this.get(id, ALL_RUNS);
  }

  /** A run with live usage and metrics while it runs. */
  async detail(id: string, access: RunAccess): Promise<RunDetail> {
    const record = await this.get(id, access);
    const [verification, hasArchive] = await Promise.all([
      this.store.archives.getVerification(id),
      this.store.archives.has(id),
    ]);
    return {
      ...runDetail(record, await this.runningFigures(record)),
      verification,
      ...(hasArchive ? { hasArchive } : {}),
    };
  }

  /** The run's archive of its cited pages (`.warc.gz`); `archive_not_found` when it kept none. */
  async archive(id: string, access: RunAccess): Promise<Uint8Array> {
    return storedArchive(this.store, await this.get(id, access));
  }

  /** A page of the runs `access` may see, newest first. */
  async list(
    query: { status?: readonly RunStatus[]; limit: number; cursor?: string },
    access: RunAccess,
  ): Promise<RunList> {
    const page = await this.store.listRuns({ ...query, ...ownerFilter(access) });
    return {
      runs: page.runs.map((record) => runSummary(record, this.liveFigures(record.id))),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  }

  /** A run's stored events with `index > after`. */
  async events(id: string, options: { after: number }, access: RunAccess): Promise<ResearchEvent[]> {
    await this.get(id, access);
    return this.store.listEvents(id, { after: options.after });
  }

  /** The pages a run read. */
  async sources(id: string, access: RunAccess): Promise<RunSource[]> {
    await this.get(id, access);
    return this.store.listSources(id);
  }

  /**
   * The full-page screenshot (PNG) of the run's `n`th source (from 1, in the order of `sources`):
   * `source_not_found` when there is no such source, `screenshot_not_found` when it has none.
   */
  async screenshot(id: string, n: number, access: RunAccess): Promise<Uint8Array> {
    await this.get(id, access);
    const source = Number.isSafeInteger(n) && n >= 1 ? (await this.store.listSources(id))[n - 1] : undefined;
    if (!source) {
      throw new RunServiceError('source_not_found', `Run "${id}" has no source ${n}; sources count from 1.`, {
        runId: id,
      });
    }
    const png = await this.store.getScreenshot(id, source.url);
    if (!png) {
      throw new RunServiceError(
        'screenshot_not_found',
        `Source ${n} of run "${id}" (${source.url}) has no screenshot: it was read without --browser, was not an HTML page, or came from the cache.`,
        { runId: id },
      );
    }
    return png;
  }

  /** The evaluator's verdicts on a run's answer attempts. */
  async evaluations(id: string, access: RunAccess): Promise<RunEvaluation[]> {
    await this.get(id, access);
    return this.store.listEvaluations(id);
  }

  /**
   * A run's events after `after`, stored ones first, then live ones as they are written, until the
   * run ends or `signal` aborts. `run_not_found` (before anything is yielded) when there is no such run.
   */
  async follow(
    id: string,
    options: { after: number; signal?: AbortSignal },
    access: RunAccess,
  ): Promise<AsyncGenerator<ResearchEvent>> {
    await this.get(id, access);
    return followRunEvents({ live: this, store: this.store, runId: id, ...options });
  }

  /**
   * Metrics of the runs `access` may see created in the last `lengthMs` milliseconds (`null`: every
   * run), labelled `window`, with the counts of running and queued runs (on every node of a cluster).
   */
  async metrics(
    options: { window: string; lengthMs: number | null; buckets: number },
    access: RunAccess,
  ): Promise<MetricsReport> {
    const report = await measureRuns({
      store: this.store,
      filter: ownerFilter(access),
      live: (id) => this.liveFigures(id),
      to: this.clock(),
      ...options,
    });
    return { ...report, live: await this.liveCounts() };
  }
}
