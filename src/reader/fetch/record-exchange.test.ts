import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakePageServer, startFakePageServer } from '../../testing/fake-page-server.js';
import type { RecordedExchange } from './exchange.js';
import { safeFetch } from './safe-fetch.js';

let server: FakePageServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const page = '<html><body><p>The tower was completed in March 1889.</p></body></html>';
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('safeFetch with onExchange', () => {
  it('records each hop as received: the redirect, then the body still gzipped, with its headers', async () => {
    const gzipped = gzipSync(page);
    server = await startFakePageServer({
      '/old': { status: 301, headers: { location: '/page' } },
      '/page': { body: gzipped, headers: { 'content-encoding': 'gzip', 'x-served-by': 'fake' } },
    });
    const exchanges: RecordedExchange[] = [];
    const fetched = await safeFetch(`${server.origin}/old`, {
      allowHosts: [server.host],
      onExchange: (exchange) => exchanges.push(exchange),
    });
    expect(new TextDecoder().decode(fetched.bytes)).toBe(page);
    expect(exchanges.map((exchange) => [exchange.url, exchange.status])).toEqual([
      [`${server.origin}/old`, 301],
      [`${server.origin}/page`, 200],
    ]);
    const [redirect, response] = exchanges as [RecordedExchange, RecordedExchange];
    expect(redirect.body).toHaveLength(0);
    expect(redirect.responseHeaders).toContainEqual(['location', '/page']);
    // The body as it came off the wire, and the hash of what the reader extracted from.
    expect(Buffer.from(response.body).equals(gzipped)).toBe(true);
    expect(response.bodySha256).toBe(sha256(page));
    expect(response.statusText).toBe('OK');
    expect(response.responseHeaders).toContainEqual(['content-encoding', 'gzip']);
    expect(response.responseHeaders).toContainEqual(['x-served-by', 'fake']);
    expect(response.requestHeaders.map(([name]) => name)).toContain('user-agent');
  });

  it('drops the coding headers when an injected fetch already decoded the body', async () => {
    server = await startFakePageServer({
      '/page': { body: gzipSync(page), headers: { 'content-encoding': 'gzip' } },
    });
    const exchanges: RecordedExchange[] = [];
    await safeFetch(`${server.origin}/page`, {
      allowHosts: [server.host],
      fetch: (input, init) => fetch(input, init),
      onExchange: (exchange) => exchanges.push(exchange),
    });
    const [response] = exchanges as [RecordedExchange];
    expect(new TextDecoder().decode(response.body)).toBe(page);
    expect(response.responseHeaders.map(([name]) => name.toLowerCase())).not.toContain('content-encoding');
    expect(response.responseHeaders.map(([name]) => name.toLowerCase())).not.toContain('content-length');
  });
});
