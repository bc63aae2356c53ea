import type { RunRecord } from './types.js';

/** A run a worker took from the queue: it holds it now. */
export interface ClaimedRun {
  runId: string;
  /** Events stored so far: a run that has some continues from them. */
  eventCount: number;
  /** A client asked to cancel the run before the worker took it: it ends without starting. */
  cancelRequested: boolean;
  /**
   * Which take of the run this is (each take counts up): the worker writes the run's events and
   * state with it (`WriteFence.claim`), so the copy a worker still executes from an earlier take
   * (it was presumed dead, the run was taken again, by it or another) has its writes refused.
   */
  claim: number;
}

/** What a worker asks for when it takes runs. */
export interface TakeRequest {
  /** Runs to take at most (the worker's free slots). */
  limit: number;
  /** Runs of one owner held at once, over every node, at most; absent: no cap. */
  maxRunningPerOwner?: number;
}

/** What a node hears from the nodes of its cluster (itself included). */
export interface ClusterListener {
  /**
   * Event `index` of the run was stored by a node. A cluster of one may stay silent: its node
   * publishes its own events as it stores them.
   */
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
 * The nodes that execute runs, and the queue that hands runs to them: claims (one worker holds a
 * run at a time), heartbeats (a worker silent too long is presumed dead and its runs go back to the
 * queue) and notifications between nodes. Every run takes this path: a single server is a cluster
 * of one (`createInProcessCluster`, beside the memory store); nodes sharing a Postgres database are
 * many (`openPostgresCluster`). Both pass `runClusterContract`.
 */
export interface RunCluster {
  /** This node's id, unique among the nodes. */
  readonly nodeId: string;
  /** Hands a stored `queued` run to the workers. */
  enqueue(run: Pick<RunRecord, 'id' | 'owner'>): Promise<void>;
  /**
   * Takes queued runs no worker holds and holds them for this node, owners taking turns: each run
   * goes to the owner (`RunRecord.owner`; runs without one are one owner) with the fewest runs held,
   * then the one served longest ago (never served first), and is that owner's oldest; an owner at
   * `maxRunningPerOwner` waits. One owner's backlog never holds back another's first run.
   */
  take(request: TakeRequest): Promise<ClaimedRun[]>;
  /** Runs of `owner` (undefined: runs without one) queued and not yet taken, on every node. */
  queuedOf(owner: string | undefined): Promise<number>;
  /**
   * Gives up a run this node holds (it shuts down): back to the queue (status `queued`) to resume on
   * another worker; a cluster of one has no other, and leaves it `interrupted` to resume on request.
   */
  release(runId: string): Promise<void>;
  /**
   * Stops holding a run that paused on this node for input (it executes nowhere while it waits),
   * so that any worker may take it once it is answered; one answered meanwhile is queued again.
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
  /** Tells every node the run has ended (after its final state is stored); no node holds it any more. */
  announceEnd(runId: string): Promise<void>;
  /** Records that this node is alive, with its slots and the runs it executes. */
  heartbeat(load: { slots: number; running: number }): Promise<void>;
  /** Runs held by workers that stopped heartbeating go back to the queue; returns their ids. */
  reclaimOrphans(): Promise<string[]>;
  /**
   * At start-up: runs the store shows `queued` or `running` that no node can continue are marked
   * `interrupted` (to resume on request) and returned. A cluster of one: those a crash cut off;
   * Postgres: none, its workers take back the runs of dead nodes (`reclaimOrphans`).
   */
  recover(): Promise<string[]>;
  /** Queued and running runs on every node. */
  counts(): Promise<{ running: number; queued: number }>;
  /** Starts hearing the nodes; resolves once listening, with the function that stops. */
  listen(listener: ClusterListener): Promise<() => Promise<void>>;
  /**
   * Leaves the cluster: takes no more runs, stops listening, removes this node's heartbeat and closes
   * its connections. Runs no node is left to take (a cluster of one: every queued run) are stored
   * `interrupted` and announced ended first.
   */
  close(): Promise<void>;
}
