/**
 * One token bucket: `capacity` tokens, refilled continuously at `perMinute`. A bucket never used
 * (or full again) is full.
 */
export interface TokenBucket {
  /** What the bucket counts, e.g. `requests` (per client) or `logins` (wrong tokens per address). */
  scope: string;
  /** Whose bucket it is within its scope: a client id, an address, `*` for the whole server. */
  key: string;
  /** Tokens when full: the burst allowed. */
  capacity: number;
  /** Tokens added back per minute. */
  perMinute: number;
}

/** What starting a run under an `Idempotency-Key` came to. */
export type IdempotentOutcome =
  /** The run the key names: started by this call, or by an earlier one (`replayed`). */
  | { runId: string; replayed: boolean }
  /** The key was first sent with another request (its fingerprint differs): nothing was started. */
  | { mismatch: true };

/** How to start the run an `Idempotency-Key` names. */
export interface IdempotentRequest {
  /** The caller's own name for the key (client and key): keys of different clients never meet. */
  slot: string;
  /** Hash of the request the key came with; the same key with another fingerprint is a mismatch. */
  fingerprint: string;
  /** How long the key names its run once started, in milliseconds. */
  windowMs: number;
  /** Starts the run and resolves with its id; when it rejects, the key is free again. */
  start: () => Promise<string>;
}

/**
 * The state behind the HTTP guards that must be one for every node serving clients: token buckets
 * (the request rate limit, the wrong-token throttle), the address-and-token pairs proven by a right
 * token, and `Idempotency-Key` claims. In this process's memory (`createMemoryLimits`: one server),
 * or in Postgres (`PostgresRunStore.limits`: any number of API nodes), where every operation is
 * atomic across nodes and a database failure rejects (`limits_unavailable`) rather than pass.
 */
export interface LimitStore {
  /** Takes a token from `bucket`: 0, or the whole seconds (at least 1) until it has one, taking nothing. */
  take(bucket: TokenBucket): Promise<number>;
  /** Gives back a token taken from `bucket` (never past its capacity). */
  give(bucket: TokenBucket): Promise<void>;
  /** Seconds until `bucket` has a whole token (0: it has one now). Takes nothing. */
  waitSeconds(bucket: TokenBucket): Promise<number>;
  /** Remembers `pair` as proven for `ttlMs` from now. */
  prove(pair: string, ttlMs: number): Promise<void>;
  /** Whether `pair` is proven; if so it stays proven for `ttlMs` from now. */
  proven(pair: string, ttlMs: number): Promise<boolean>;
  /**
   * Starts the run a key names once, whichever node the requests reach: the first caller runs
   * `start`; a later one with the same fingerprint gets that run's id (waiting while it starts),
   * with another fingerprint `{ mismatch: true }`.
   */
  startOnce(request: IdempotentRequest): Promise<IdempotentOutcome>;
  /**
   * Frees `slot` if it still names `runId` (its run was deleted): the next request with it starts
   * a new run. A slot that names another run by now is left alone.
   */
  forgetRun(slot: string, runId: string): Promise<void>;
  /** Notes that the request `slot` started `runId`, for `ttlMs` from now (replacing an earlier note). */
  noteRun(slot: string, runId: string, ttlMs: number): Promise<void>;
  /** The run the request `slot` last started, while its note lasts (a key's run too). */
  notedRun(slot: string): Promise<string | undefined>;
}
