import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** One request the test server received. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** `Date.now()` when the request arrived. */
  receivedAt: number;
}

/** What the server answers; an object body is sent as JSON. */
export interface TestReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | object;
  /** Wait this long before answering, in milliseconds. */
  delayMs?: number;
}

export type TestHandler = (request: RecordedRequest, index: number) => TestReply | Promise<TestReply>;

export interface TestServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 (random port) answering provider-shaped bodies, for adapter tests.
 * Pass one reply for every request, a list played back in order (the last repeats), or a function.
 */
export async function startTestServer(script: TestReply | TestReply[] | TestHandler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', 'http://127.0.0.1'),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      const index = requests.push(request) - 1;
      const reply = await pick(script, request, index);
      const send = () => {
        const isText = typeof reply.body === 'string' || reply.body === undefined;
        const body = isText ? ((reply.body as string | undefined) ?? '') : JSON.stringify(reply.body);
        outgoing
          .writeHead(reply.status ?? 200, {
            'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
            ...reply.headers,
          })
          .end(body);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function pick(
  script: TestReply | TestReply[] | TestHandler,
  request: RecordedRequest,
  index: number,
): Promise<TestReply> {
  if (typeof script === 'function') return script(request, index);
  if (Array.isArray(script)) return script[Math.min(index, script.length - 1)] ?? {};
  return script;
}

/** Settings that make a provider talk to the test server without waiting on real rate limits. */
export function testSettings(
  server: TestServer,
  extra: { apiKey?: string; now?: () => Date } = { apiKey: 'test-key' },
) {
  return {
    baseURL: server.url,
    env: {},
    rateLimit: { maxConcurrent: 8, minIntervalMs: 0 },
    ...extra,
  };
}

/** `startTestServer` closed automatically when the current test finishes. */
export async function serve(script: TestReply | TestReply[] | TestHandler): Promise<TestServer> {
  const server = await startTestServer(script);
  onTestFinished(() => server.close());
  return server;
}
