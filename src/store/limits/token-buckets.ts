/** Buckets kept before full ones are forgotten (a full bucket is the same as no bucket). */
const MAX_BUCKETS = 10_000;

/** The size and refill of a bucket. */
export interface BucketLimit {
  capacity: number;
  perMinute: number;
}

/**
 * Token buckets per key (client, address) in this process's memory: `capacity` tokens each,
 * refilled continuously at `perMinute`. Memory stays bounded: full buckets are dropped once there
 * are many.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number) {}

  /** Seconds until `key` has a whole token (0: it has one now). Takes nothing. */
  waitSeconds(key: string, limit: BucketLimit): number {
    const tokens = this.refill(key, limit).tokens;
    const perMs = limit.perMinute / 60_000;
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
  }

  /** Takes a token from `key`; returns 0, or the seconds to wait when there was none (nothing taken). */
  take(key: string, limit: BucketLimit): number {
    const wait = this.waitSeconds(key, limit);
    if (wait > 0) return wait;
    const bucket = this.refill(key, limit);
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_BUCKETS) this.forgetFull(limit);
    return 0;
  }

  /** Gives a token back to `key`. */
  give(key: string, limit: BucketLimit): void {
    const bucket = this.refill(key, limit);
    bucket.tokens = Math.min(limit.capacity, bucket.tokens + 1);
    this.buckets.set(key, bucket);
  }

  private refill(key: string, limit: BucketLimit): { tokens: number; at: number } {
    const time = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: limit.capacity, at: time };
    bucket.tokens = Math.min(limit.capacity, bucket.tokens + ((time - bucket.at) * limit.perMinute) / 60_000);
    bucket.at = time;
    return bucket;
  }

  private forgetFull(limit: BucketLimit): void {
    for (const [key] of this.buckets) {
      if (this.refill(key, limit).tokens >= limit.capacity) this.buckets.delete(key);
    }
    // Still too many (a flood of distinct keys): forget the oldest, which are the least recently used.
    for (const [key] of this.buckets) {
      if (this.buckets.size <= MAX_BUCKETS) break;
      this.buckets.delete(key);
    }
  }
}
