/** Buckets kept before full ones are forgotten (a full bucket is the same as no bucket). */
const MAX_BUCKETS = 10_000;

/**
 * Token buckets per key (client, address): `capacity` tokens each, refilled continuously at
 * `perMinute`. Memory stays bounded: full buckets are dropped once there are many.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;
  private readonly now: () => number;

  constructor(private readonly options: { capacity: number; perMinute: number; now?: () => number }) {
    this.perMs = options.perMinute / 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Seconds until `key` has a whole token (0: it has one now). Takes nothing. */
  waitSeconds(key: string): number {
    const tokens = this.refill(key).tokens;
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
  }

  /** Takes a token from `key`; returns 0, or the seconds to wait when there was none (nothing taken). */
  take(key: string): number {
    const wait = this.waitSeconds(key);
    if (wait > 0) return wait;
    const bucket = this.refill(key);
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > MAX_BUCKETS) this.forgetFull();
    return 0;
  }

  private refill(key: string): { tokens: number; at: number } {
    const time = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.options.capacity, at: time };
    bucket.tokens = Math.min(this.options.capacity, bucket.tokens + (time - bucket.at) * this.perMs);
    bucket.at = time;
    return bucket;
  }

  private forgetFull(): void {
    for (const [key] of this.buckets) {
      if (this.refill(key).tokens >= this.options.capacity) this.buckets.delete(key);
    }
    // Still too many (a flood of distinct keys): forget the oldest, which are the least recently used.
    for (const [key] of this.buckets) {
      if (this.buckets.size <= MAX_BUCKETS) break;
      this.buckets.delete(key);
    }
  }
}
