import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One hit as SearXNG's JSON API returns it (`results[]`). */
export interface FakeSearchHit {
  title: string;
  url: string;
  content: string;
  publishedDate?: string;
}

export type FakeSearchScript =
  | FakeSearchHit[]
  | ((
      query: string,
      request: { url: URL; callIndex: number },
    ) => FakeSearchHit[] | { status: number; body: string });

export interface FakeSearchServer {
  /** Base URL to pass as `--searxng-url`. */
  url: string;
  /** Queries received, in order. */
  queries: string[];
  /** The parameters of each search request (`q`, `language`, `time_range`…), in order. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * A SearXNG-shaped search server on 127.0.0.1 (`GET /search?q=...&format=json`), for end-to-end
 * tests and for trying the CLI by hand with `--search searxng --searxng-url <url>`.
 */
export async function startFakeSearchServer(
  script: FakeSearchScript,
  options: { port?: number; delayMs?: number } = {},
): Promise<FakeSearchServer> {
  const queries: string[] = [];
  const requests: URLSearchParams[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/search') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const query = url.searchParams.get('q') ?? '';
    queries.push(query);
    requests.push(url.searchParams);
    const reply =
      typeof script === 'function' ? script(query, { url, callIndex: queries.length - 1 }) : script;
    const send = () => {
      if (!Array.isArray(reply)) {
        response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
        return;
      }
      const results = reply.map((hit) => ({ ...hit, engine: 'fake', engines: ['fake'], score: 1 }));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ query, number_of_results: results.length, results }));
    };
    if (options.delayMs) setTimeout(send, options.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    queries,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
