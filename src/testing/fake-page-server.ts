import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page the fake server serves: an HTML string, or a full description of the response. */
export type FakePage =
  | string
  | {
      /** Body bytes or text. Default empty. */
      body?: string | Uint8Array;
      /** Default `text/html; charset=utf-8`. */
      contentType?: string;
      /** Default 200. */
      status?: number;
      /** Extra headers, e.g. `{ location: '/next' }` or `{ 'content-encoding': 'gzip' }`. */
      headers?: Record<string, string>;
      /** Wait this long before sending the headers, in ms. */
      delayMs?: number;
      /** Send the body in small pieces (`dripBytes`), this many ms apart, without a Content-Length. */
      dripMs?: number;
      /** Bytes sent per drip. Default 1. */
      dripBytes?: number;
    };

/** One request the fake server received. */
export interface FakePageRequest {
  method: string;
  /** Path and query, e.g. `/a?b=1`. */
  path: string;
  headers: IncomingHttpHeaders;
}

export interface FakePageServer {
  /** Root URL, e.g. `http://127.0.0.1:54321/`. */
  url: string;
  /** Origin without a trailing slash, e.g. `http://127.0.0.1:54321`. */
  origin: string;
  /** `host:port`, for `--allow-host`. */
  host: string;
  /** Requests received, in order. */
  requests: FakePageRequest[];
  close(): Promise<void>;
}

function send(response: ServerResponse, page: Exclude<FakePage, string>, timers: Set<NodeJS.Timeout>): void {
  const body =
    typeof page.body === 'string' ? Buffer.from(page.body) : Buffer.from(page.body ?? new Uint8Array());
  response.writeHead(page.status ?? 200, {
    'content-type': page.contentType ?? 'text/html; charset=utf-8',
    ...(page.dripMs === undefined ? { 'content-length': String(body.length) } : {}),
    ...page.headers,
  });
  if (page.dripMs === undefined) {
    response.end(body);
    return;
  }
  let offset = 0;
  const drip = () => {
    if (response.destroyed) return;
    if (offset >= body.length) {
      response.end();
      return;
    }
    const size = page.dripBytes ?? 1;
    response.write(body.subarray(offset, offset + size));
    offset += size;
    const timer = setTimeout(drip, page.dripMs);
    timers.add(timer);
  };
  drip();
}

/**
 * Serves fixed pages on 127.0.0.1 (a random port) for reader and CLI tests, and for trying
 * `deepresearch read` by hand with `--allow-host <host>`. Unknown paths answer 404.
 */
export async function startFakePageServer(pages: Record<string, FakePage>): Promise<FakePageServer> {
  const requests: FakePageRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ method: request.method ?? 'GET', path, headers: request.headers });
    const page = pages[path] ?? pages[path.split('?')[0] ?? path];
    if (page === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`No page at ${path}`);
      return;
    }
    const described = typeof page === 'string' ? { body: page } : page;
    if (described.delayMs) timers.add(setTimeout(() => send(response, described, timers), described.delayMs));
    else send(response, described, timers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    origin,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
