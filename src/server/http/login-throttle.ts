import type { LimitStore, TokenBucket } from '../../store/index.js';
import { PROVEN_LOGIN_MS } from '../constants.js';

/** Why a login waits: its address sent too many wrong tokens, or the whole server received too many. */
export interface LoginWait {
  seconds: number;
  scope: 'address' | 'server';
}

/**
 * Throttles wrong bearer tokens per client address and over the whole server (a ceiling that many
 * addresses together cannot pass), in `limits` (shared by every api node on Postgres). A throttled
 * request is refused without saying whether its token is right, so the refusal is no oracle; but a
 * token already accepted from that address in the last `PROVEN_LOGIN_MS` passes, so wrong guesses
 * from a shared address never lock out its user.
 */
export class LoginThrottle {
  private readonly perAddress: Omit<TokenBucket, 'key'>;
  private readonly overall: TokenBucket;

  constructor(
    private readonly limits: LimitStore,
    options: { perAddressPerMinute: number; overallPerMinute: number },
  ) {
    const perAddress = options.perAddressPerMinute;
    this.perAddress = { scope: 'logins', capacity: perAddress, perMinute: perAddress };
    const overall = options.overallPerMinute;
    this.overall = { scope: 'logins-overall', key: '*', capacity: overall, perMinute: overall };
  }

  /**
   * A login from `address` with a right token (`client`: its id): passes when the pair is proven,
   * else waits while either bucket is empty (taking nothing); passing proves the pair.
   */
  async accept(address: string, client: string): Promise<LoginWait | undefined> {
    const pair = `${address} ${client}`;
    if (await this.limits.proven(pair, PROVEN_LOGIN_MS)) return undefined;
    const local = await this.limits.waitSeconds({ ...this.perAddress, key: address });
    if (local > 0) return { seconds: local, scope: 'address' };
    const server = await this.limits.waitSeconds(this.overall);
    if (server > 0) return { seconds: server, scope: 'server' };
    await this.limits.prove(pair, PROVEN_LOGIN_MS);
    return undefined;
  }

  /**
   * A wrong token from `address`: counted against the address and the server, each taken in one
   * step so that guesses spread over nodes cannot pass together; when either is empty it waits and
   * counts against neither.
   */
  async refuse(address: string): Promise<LoginWait | undefined> {
    const bucket = { ...this.perAddress, key: address };
    const local = await this.limits.take(bucket);
    if (local > 0) return { seconds: local, scope: 'address' };
    const server = await this.limits.take(this.overall);
    if (server === 0) return undefined;
    await this.limits.give(bucket);
    return { seconds: server, scope: 'server' };
  }
}
