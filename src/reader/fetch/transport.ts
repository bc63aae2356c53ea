import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction as NetLookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { ResolvedAddress } from './resolve-host.js';

/** One HTTP exchange without redirects: what `safeFetch` needs from the network. */
export interface TransportRequest {
  url: URL;
  /** The vetted address to connect to (the connection is pinned to it). */
  address: ResolvedAddress;
  headers: Record<string, string>;
  signal: AbortSignal;
}

export interface TransportResponse {
  status: number;
  /** The reason phrase (`OK`), empty when the transport does not know it. */
  statusText: string;
  /** Every header as sent, in order, names as sent. */
  headerPairs(): [string, string][];
  /** Header lookup by lower-case name. */
  header(name: string): string | undefined;
  /** Body bytes as they came off the wire. */
  body: Readable;
  /** Whether `body` is already decompressed (a `fetch` implementation does that itself). */
  decoded: boolean;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** A `fetch`-compatible function that may be injected instead of node:http. */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

function pinnedLookup(address: ResolvedAddress): NetLookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  }) as NetLookupFunction;
}

/** `[name, value, name, value…]` as node:http keeps raw headers, paired. */
function pairsOf(raw: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < raw.length; index += 2)
    pairs.push([raw[index] ?? '', raw[index + 1] ?? '']);
  return pairs;
}

/** node:http(s) with DNS pinned to the vetted address, so rebinding cannot redirect the connection. */
export const nodeTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const send = request.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(request.url, {
      method: 'GET',
      headers: { 'accept-encoding': 'gzip, deflate, br', ...request.headers },
      lookup: pinnedLookup(request.address),
      signal: request.signal,
    });
    outgoing.once('response', (response: IncomingMessage) =>
      resolve({
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? '',
        headerPairs: () => pairsOf(response.rawHeaders),
        header: (name) => {
          const value = response.headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : value;
        },
        body: response,
        decoded: false,
      }),
    );
    outgoing.once('error', reject);
    outgoing.end();
  });

/**
 * Adapts an injected `fetch` (tests, proxies, edge runtimes). Redirects are handled by the caller;
 * the connection cannot be pinned, but every hop's host is still resolved and vetted first.
 */
export function fetchTransport(fetchFunction: FetchFunction): Transport {
  return async (request) => {
    const response = await fetchFunction(request.url.href, {
      method: 'GET',
      headers: request.headers,
      redirect: 'manual',
      signal: request.signal,
    });
    const body = response.body
      ? Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>)
      : Readable.from([]);
    return {
      status: response.status,
      statusText: response.statusText,
      headerPairs: () => [...response.headers.entries()],
      header: (name) => response.headers.get(name) ?? undefined,
      body,
      decoded: true,
    };
  };
}
