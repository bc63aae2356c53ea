import { PROVEN_LOGIN_MS } from '../constants.js';
import { TokenBuckets } from './token-buckets.js';

/** Address-and-token pairs remembered as proven; the oldest are forgotten past this. */
const MAX_PROVEN = 10_000;

/** Why a login waits: its address sent too many wrong tokens, or the whole server received too many. */
export interface LoginWait {
  seconds: number;
  scope: 'address' | 'server';
}

/**
 * Throttles wrong bearer tokens per client address and over the whole server (a ceiling that many
 * addresses together cannot pass). A throttled request is refused without saying whether its token
 * is right, so the refusal is no oracle; but a token already accepted from that address in the last
 * `PROVEN_LOGIN_MS` passes, so wrong guesses from a shared address never lock out its user.
 */
export class LoginThrottle {
  private readonly perAddress: TokenBuckets;
  private readonly overall: TokenBuckets;
  private readonly proven = new Map<string, number>();
  private readonly now: () => number;

  constructor(options: { perAddressPerMinute: number; overallPerMinute: number; now?: () => number }) {
    this.now = options.now ?? Date.now;
    const clock = options.now ? { now: options.now } : {};
    this.perAddress = new TokenBuckets({
      capacity: options.perAddressPerMinute,
      perMinute: options.perAddressPerMinute,
      ...clock,
    });
    this.overall = new TokenBuckets({
      capacity: options.overallPerMinute,
      perMinute: options.overallPerMinute,
      ...clock,
    });
  }

  /** How long a login from `address` waits; `client`: the id of its token when that token is right. */
  wait(address: string, client: string | undefined): LoginWait | undefined {
    if (client !== undefined && this.isProven(address, client)) return undefined;
    const local = this.perAddress.waitSeconds(address);
    if (local > 0) return { seconds: local, scope: 'address' };
    const server = this.overall.waitSeconds('*');
    return server > 0 ? { seconds: server, scope: 'server' } : undefined;
  }

  /** Counts a wrong token against its address and the server. */
  failed(address: string): void {
    this.perAddress.take(address);
    this.overall.take('*');
  }

  /** Remembers that `client`'s token was accepted from `address`. */
  accepted(address: string, client: string): void {
    const key = `${address} ${client}`;
    this.proven.delete(key);
    this.proven.set(key, this.now());
    // Insertion order is last use: the first entries are the least recently used.
    for (const oldest of this.proven.keys()) {
      if (this.proven.size <= MAX_PROVEN) break;
      this.proven.delete(oldest);
    }
  }

  private isProven(address: string, client: string): boolean {
    const at = this.proven.get(`${address} ${client}`);
    return at !== undefined && this.now() - at <= PROVEN_LOGIN_MS;
  }
}
