import { createHash } from 'node:crypto';
import type { ExchangeHook, RecordedExchange } from './exchange.js';
import type { TransportResponse } from './transport.js';

export type { ExchangeHook };

/**
 * Headers that describe how the bytes travelled rather than what they are: node:http undoes chunking
 * before we see the body, and an injected `fetch` undoes content coding too, so a record keeping
 * them would describe a body it does not hold.
 */
const travelHeaders = new Set(['transfer-encoding']);
const codingHeaders = new Set(['content-encoding', 'content-length']);

/** One exchange as the archive keeps it; `received` absent for a redirect (its body is not read). */
export function recordExchange(options: {
  url: string;
  fetchedAt: Date;
  headers: Record<string, string>;
  response: TransportResponse;
  received?: Buffer[];
  decoded?: Uint8Array;
}): RecordedExchange {
  const { response } = options;
  const body = options.received ? new Uint8Array(Buffer.concat(options.received)) : new Uint8Array();
  const dropped = (name: string) =>
    travelHeaders.has(name) ||
    (response.decoded && codingHeaders.has(name)) ||
    (!options.received && name === 'content-length');
  return {
    url: options.url,
    fetchedAt: options.fetchedAt.toISOString(),
    requestHeaders: Object.entries(options.headers),
    status: response.status,
    statusText: response.statusText,
    responseHeaders: response.headerPairs().filter(([name]) => !dropped(name.toLowerCase())),
    body,
    bodySha256: createHash('sha256')
      .update(options.decoded ?? body)
      .digest('hex'),
  };
}
