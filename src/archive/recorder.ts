import type { RecordedExchange } from '../reader/index.js';
import { canonicalUrl } from '../shared/index.js';

/** The exchanges of one run, held until the run knows which pages it cites. */
export interface ExchangeRecorder {
  /** Keeps an exchange (the reader's `onExchange`); past the hold bound, it is counted and let go. */
  record(exchange: RecordedExchange): void;
  /**
   * The exchanges that read `url`: its own, then each redirect's target, last one first to last; empty
   * when none was recorded (a cached read, a tool's read, or let go past the bound).
   */
  chainFor(url: string): RecordedExchange[];
  /** URLs of the pages asked for (the first hop of each chain), in the order read. */
  pageUrls(): string[];
}

const redirects = new Set([301, 302, 303, 307, 308]);
/** Longest redirect chain followed when reassembling a read (the reader stops at fewer). */
const MAX_CHAIN = 10;

/**
 * Holds exchanges keyed by URL, at most `maxHeldBytes` of bodies: a run that reads far more than it
 * could archive does not hold every body in memory until its end.
 */
export function createExchangeRecorder(options: { maxHeldBytes: number }): ExchangeRecorder {
  const byUrl = new Map<string, RecordedExchange>();
  const targets = new Set<string>();
  const firstHops: string[] = [];
  let held = 0;
  return {
    record(exchange) {
      if (held + exchange.body.length > options.maxHeldBytes) return;
      // Keyed by the canonical URL: a finding cites its source by the URL as the run knows it.
      const key = canonicalUrl(exchange.url);
      held += exchange.body.length - (byUrl.get(key)?.body.length ?? 0);
      if (!byUrl.has(key) && !targets.has(key)) firstHops.push(exchange.url);
      byUrl.set(key, exchange);
      const location = locationOf(exchange);
      if (location) targets.add(canonicalUrl(location));
    },
    chainFor(url) {
      const chain: RecordedExchange[] = [];
      let next: string | undefined = url;
      while (next !== undefined && chain.length < MAX_CHAIN) {
        const exchange = byUrl.get(canonicalUrl(next));
        if (!exchange) break;
        chain.push(exchange);
        next = locationOf(exchange);
      }
      return chain;
    },
    pageUrls: () => [...firstHops],
  };
}

/** Where a redirect points, absolute; undefined for any other response. */
export function locationOf(
  exchange: Pick<RecordedExchange, 'status' | 'responseHeaders' | 'url'>,
): string | undefined {
  if (!redirects.has(exchange.status)) return undefined;
  const header = exchange.responseHeaders.find(([name]) => name.toLowerCase() === 'location');
  if (!header) return undefined;
  try {
    return new URL(header[1], exchange.url).href;
  } catch {
    return undefined;
  }
}
