import type { VerifyReport } from '../../contract/index.js';
import type { WriteFence } from '../write-fence.js';

/**
 * The archive of each run's pages (`.warc.gz`, see `archive/`) and the last re-check of its quotes.
 * Part of every `RunStore`, and of its contract suite; deleting a run deletes both.
 */
export interface ArchiveStore {
  /**
   * Keeps the run's archive, replacing one it had; `StoreError` `run_not_found` without the run. With
   * a `fence`, only while it holds (else `StoreError` `run_not_held`, nothing written).
   */
  put(runId: string, warc: Uint8Array, fence?: WriteFence): Promise<void>;
  /** The run's archive; undefined when it has none. */
  get(runId: string): Promise<Uint8Array | undefined>;
  /** Whether the run has an archive (without reading it). */
  has(runId: string): Promise<boolean>;
  /** Keeps the report as its run's last check, replacing the one before. */
  putVerification(report: VerifyReport): Promise<void>;
  /** The run's last check; undefined before the first. */
  getVerification(runId: string): Promise<VerifyReport | undefined>;
}
