import { FETCH_MAX_BYTES, FETCH_MAX_REDIRECTS, FETCH_TIMEOUT_MS, USER_AGENT } from '../../config/index.js';
import { isReaderError, ReaderError } from '../errors.js';
import { checkUrl } from './check-url.js';
import { readBody } from './read-body.js';
import { type ExchangeHook, recordExchange } from './record-exchange.js';
import { type LookupFunction, resolveCheckedUrl, systemLookup } from './resolve-host.js';
import { shownUrl } from './shown-url.js';
import { type FetchFunction, fetchTransport, nodeTransport, type Transport } from './transport.js';

export interface SafeFetchOptions {
  /** `host:port` or bare hosts that may be fetched even though they are private (`--allow-host`). */
  allowHosts?: readonly string[];
  /** DNS resolver; defaults to the system's `dns.lookup` with `all: true`. */
  lookup?: LookupFunction;
  /** A `fetch` to use instead of node:http (the connection is then not pinned to the vetted address). */
  fetch?: FetchFunction;
  /** Cap on the whole fetch, redirects and body included, in ms. Default FETCH_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Cap on body bytes, received and decompressed. Default FETCH_MAX_BYTES. */
  maxBytes?: number;
  /** Redirects followed, each re-checked. Default FETCH_MAX_REDIRECTS. */
  maxRedirects?: number;
  /** Default USER_AGENT. */
  userAgent?: string;
  signal?: AbortSignal;
  /** Who a refusal tells to allow the host (see `CheckUrlOptions.fixedBy`). */
  fixedBy?: 'user' | 'operator';
  /** Takes each exchange made, redirects included, bodies as received (the run's archive). */
  onExchange?: ExchangeHook;
}

/** A fetched body and where it finally came from. */
export interface FetchedResource {
  /** The URL asked for. */
  url: string;
  /** The URL after redirects. */
  finalUrl: string;
  status: number;
  /** The Content-Type header as sent, if any. */
  contentType: string | undefined;
  bytes: Uint8Array;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const retryableStatuses = new Set([408, 425, 429, 500, 502, 503, 504]);
const acceptHeader = 'text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.5';

/**
 * Fetches a URL without ever reaching a private, loopback, link-local or metadata address (in any
 * spelling, directly, through DNS or through a redirect) unless the host is allowed; with caps on
 * redirects, body size (compressed and decompressed) and total time including the body.
 */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<FetchedResource> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  try {
    return await fetchFollowingRedirects(url, options, signal);
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.aborted) {
      throw new ReaderError({
        code: 'timeout',
        url,
        cause: error,
        isRetryable: true,
        message: `Fetching ${url} took longer than ${timeoutMs} ms (body included); raise the timeout to wait longer.`,
      });
    }
    if (isReaderError(error)) throw error;
    throw new ReaderError({
      code: 'network_error',
      url,
      cause: error,
      isRetryable: true,
      message: `Could not fetch ${url}: ${(error as Error).message}.`,
    });
  }
}

async function fetchFollowingRedirects(
  url: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<FetchedResource> {
  const transport: Transport = options.fetch ? fetchTransport(options.fetch) : nodeTransport;
  const maxRedirects = options.maxRedirects ?? FETCH_MAX_REDIRECTS;
  const headers = { 'user-agent': options.userAgent ?? USER_AGENT, accept: acceptHeader };
  let current = url;
  let previous: string | undefined;
  for (let redirects = 0; ; redirects++) {
    const checked = checkUrl(current, {
      allowHosts: options.allowHosts,
      redirectedFrom: previous,
      fixedBy: options.fixedBy,
    });
    const address = await resolveCheckedUrl(checked, options.lookup ?? systemLookup);
    signal.throwIfAborted();
    const response = await transport({ url: checked.url, address, headers, signal });
    const fetchedAt = new Date();
    const location = response.header('location');
    if (redirectStatuses.has(response.status) && location) {
      response.body.destroy();
      options.onExchange?.(recordExchange({ url: checked.url.href, fetchedAt, headers, response }));
      if (redirects >= maxRedirects) {
        throw new ReaderError({
          code: 'too_many_redirects',
          url,
          message: `${shownUrl(url)} redirected more than ${maxRedirects} times; giving up at ${shownUrl(checked.url.href)}.`,
        });
      }
      previous = checked.url.href;
      current = new URL(location, checked.url).href;
      continue;
    }
    if (response.status >= 400) {
      response.body.destroy();
      throw new ReaderError({
        code: 'http_error',
        url,
        statusCode: response.status,
        isRetryable: retryableStatuses.has(response.status),
        message: `${shownUrl(checked.url.href)} answered HTTP ${response.status}.`,
      });
    }
    const received: Buffer[] = [];
    const bytes = await readBody(response, {
      url: checked.url.href,
      maxBytes: options.maxBytes ?? FETCH_MAX_BYTES,
      ...(options.onExchange ? { onReceived: (chunk: Buffer) => received.push(chunk) } : {}),
    });
    options.onExchange?.(
      recordExchange({ url: checked.url.href, fetchedAt, headers, response, received, decoded: bytes }),
    );
    return {
      url,
      finalUrl: checked.url.href,
      status: response.status,
      contentType: response.header('content-type'),
      bytes,
    };
  }
}
