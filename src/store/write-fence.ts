/**
 * Who must hold a run for a write to be made: a node of a cluster writes only while it holds the run,
 * so a node presumed dead (and still running) never writes over the worker that took the run over.
 * Stores of one process (memory, SQLite) have no holders and ignore it.
 */
export interface WriteFence {
  /** The cluster node id that must hold the run, else `StoreError` `run_not_held`. */
  holder?: string;
  /**
   * The claim the holder took the run with (`ClaimedRun.claim`): a run taken again since, even by
   * the same node, refuses the writes of the older claim (`run_not_held`). Absent: any claim.
   */
  claim?: number;
}
