/** A run handed to the workers: its id, and the queue's job that carries it until it is claimed. */
export interface QueuedRunJob {
  runId: string;
  jobId: string;
}

/** What a worker got when it claimed a run. */
export type RunClaim =
  | { claimed: true; eventCount: number; cancelRequested: boolean }
  /** Another worker holds it, or it is no longer queued (ended, cancelled, deleted). */
  | { claimed: false };

/** What a node hears from the other nodes. */
export interface ClusterListener {
  /** Event `index` of the run was stored (by any node). */
  onEvent(runId: string, index: number): void;
  /** The run has ended and its final state is stored. */
  onEnd(runId: string): void;
  /** A client asked (on any node) to cancel the run. */
  onCancel(runId: string): void;
  /** A node queued a run: an idle worker may take it now rather than at its next poll. */
  onQueued(): void;
  /** The connection that hears the others was lost and is back: anything may have been missed. */
  onReconnect(): void;
}

/**
 * Runs spread over nodes sharing one database: a job queue that hands runs to workers, claims
 * (one worker holds a run at a time), heartbeats (a worker silent for `workerTimeoutMs` is presumed
 * dead and its runs go back to the queue) and notifications between nodes. Implemented on Postgres
 * with pg-boss and LISTEN/NOTIFY.
 */
export interface RunCluster {
  /** This node's id, unique among the nodes. */
  readonly nodeId: string;
  /** Hands a stored `queued` run to the workers. */
  enqueue(runId: string): Promise<void>;
  /** Takes up to `limit` runs from the queue; each job stays the queue's until `done`. */
  take(limit: number): Promise<QueuedRunJob[]>;
  /** The jobs' runs are claimed (or were not claimable): the queue forgets them. */
  done(jobs: readonly QueuedRunJob[]): Promise<void>;
  /** Claims a queued run no worker holds for this node. */
  claim(runId: string): Promise<RunClaim>;
  /** Gives a run this node holds back to the queue (status `queued`), to resume on another worker. */
  release(runId: string): Promise<void>;
  /**
   * Stops holding a run that paused on this node for input (it executes nowhere while it waits),
   * so that any worker may claim it once it is answered; one answered meanwhile is queued again.
   */
  letGo(runId: string): Promise<void>;
  /**
   * Marks a run no worker holds yet `cancelled` (the caller stores its end time and announces its
   * end); false when a worker holds it or it is not queued.
   */
  cancelQueued(runId: string): Promise<boolean>;
  /** Of `runIds`, those this node still holds (a run taken back from a node presumed dead is not). */
  held(runIds: readonly string[]): Promise<string[]>;
  /** Records a cancel request for a held run and tells every node. */
  requestCancel(runId: string): Promise<void>;
  /** Of `runIds`, those a client asked to cancel. */
  cancelRequested(runIds: readonly string[]): Promise<string[]>;
  /** Tells every node the run has ended (after its final state is stored). */
  announceEnd(runId: string): Promise<void>;
  /** Records that this node is alive, with its slots and the runs it executes. */
  heartbeat(load: { slots: number; running: number }): Promise<void>;
  /** Runs held by workers that stopped heartbeating go back to the queue; returns their ids. */
  reclaimOrphans(): Promise<string[]>;
  /** Queued and running runs on every node. */
  counts(): Promise<{ running: number; queued: number }>;
  /** Starts hearing the other nodes; resolves once listening, with the function that stops. */
  listen(listener: ClusterListener): Promise<() => Promise<void>>;
  /** Stops taking jobs, removes this node's heartbeat and closes the connections. */
  close(): Promise<void>;
}
