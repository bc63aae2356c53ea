/**
 * One HTTP exchange as the reader had it: what it sent and what came back, the body exactly as it
 * came off the wire (still gzip or br encoded, unless an injected `fetch` had decoded it). What the
 * archive keeps of a page; the reader only records it.
 */
export interface RecordedExchange {
  /** The URL of this request (one hop: a redirect is its own exchange). */
  url: string;
  /** ISO-8601 time the response headers came. */
  fetchedAt: string;
  requestHeaders: [string, string][];
  status: number;
  /** The reason phrase, e.g. `OK` (empty when the transport had none). */
  statusText: string;
  /** Response headers in the order sent; without Content-Encoding when `body` arrived decoded. */
  responseHeaders: [string, string][];
  /** The body as received; empty for a redirect, whose body is not read. */
  body: Uint8Array;
  /** sha256 hex of the body after content decoding: what the reader extracted the page from. */
  bodySha256: string;
}

/** Takes each exchange a fetch made, redirects included, in order. */
export type ExchangeHook = (exchange: RecordedExchange) => void;
