import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakePageServer, startFakePageServer } from '../../testing/fake-page-server.js';
import type { ReaderError } from '../errors.js';
import type { LookupFunction } from './resolve-host.js';
import { safeFetch } from './safe-fetch.js';

let server: FakePageServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failure(promise: Promise<unknown>): Promise<ReaderError> {
  try {
    await promise;
  } catch (error) {
    return error as ReaderError;
  }
  throw new Error('expected a failure');
}

/** DNS answers for test host names; every name here points at the fake server on 127.0.0.1. */
function fakeDns(answers: Record<string, string[]>): LookupFunction {
  return async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('safeFetch', () => {
  it('refuses the loopback fake server unless its host is allowed, and sends a User-Agent', async () => {
    server = await startFakePageServer({ '/': '<p>hello</p>' });
    const refused = await failure(safeFetch(server.url));
    expect(refused.code).toBe('blocked_address');
    expect(refused.message).toContain(`--allow-host ${server.host}`);
    expect(server.requests).toHaveLength(0);

    const fetched = await safeFetch(server.url, { allowHosts: [server.host] });
    expect(new TextDecoder().decode(fetched.bytes)).toBe('<p>hello</p>');
    expect(fetched.contentType).toBe('text/html; charset=utf-8');
    expect(server.requests[0]?.headers['user-agent']).toMatch(/^DeepResearch\//);
  });

  it('refuses a public-looking name that resolves to a private address', async () => {
    const lookup = fakeDns({ 'sneaky.example': ['93.184.216.34', '10.0.0.7'] });
    const refused = await failure(safeFetch('http://sneaky.example/', { lookup }));
    expect(refused.code).toBe('blocked_address');
    expect(refused.message).toBe(
      'Refused to fetch http://sneaky.example/: sneaky.example resolves to 10.0.0.7, which is a private address. Allow it with --allow-host sneaky.example.',
    );
  });

  it("tells a server's client that only the operator can allow a refused host", async () => {
    const lookup = fakeDns({ 'sneaky.example': ['10.0.0.7'] });
    const resolved = await failure(safeFetch('http://sneaky.example/', { lookup, fixedBy: 'operator' }));
    expect(resolved.message).toBe(
      "Refused to fetch http://sneaky.example/: sneaky.example resolves to 10.0.0.7, which is a private address. Only the server's operator can allow it.",
    );
    const literal = await failure(safeFetch('http://127.0.0.1:8080/', { fixedBy: 'operator' }));
    expect(literal.message).not.toContain('--allow-host');
  });

  it('connects to the vetted address, not a second DNS answer (no rebinding)', async () => {
    server = await startFakePageServer({ '/': 'pinned' });
    let calls = 0;
    const lookup: LookupFunction = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }];
    };
    const port = new URL(server.url).port;
    const fetched = await safeFetch(`http://public.test:${port}/`, { lookup, allowHosts: ['public.test'] });
    expect(new TextDecoder().decode(fetched.bytes)).toBe('pinned');
    expect(calls).toBe(1);
    expect(server.requests[0]?.headers.host).toBe(`public.test:${port}`);
  });

  it('re-checks every redirect: a public hop that redirects to a private address is refused', async () => {
    server = await startFakePageServer({
      '/start': { status: 302, headers: { location: '/hop' } },
      '/hop': { status: 301, headers: { location: 'http://127.0.0.1:1/admin' } },
    });
    const port = new URL(server.url).port;
    const lookup = fakeDns({ 'public.test': ['127.0.0.1'] });
    const refused = await failure(
      safeFetch(`http://public.test:${port}/start`, { lookup, allowHosts: [`public.test:${port}`] }),
    );
    expect(refused.code).toBe('blocked_address');
    expect(refused.message).toBe(
      `Refused to fetch http://127.0.0.1:1/admin (redirected from http://public.test:${port}/hop): 127.0.0.1 is a loopback address. Allow it with --allow-host 127.0.0.1:1.`,
    );
    expect(server.requests.map((request) => request.path)).toEqual(['/start', '/hop']);
  });

  it('redirects to a host that resolves privately are refused too', async () => {
    server = await startFakePageServer({
      '/': { status: 307, headers: { location: 'http://internal.test/' } },
    });
    const lookup = fakeDns({ 'internal.test': ['fd12::1'] });
    const refused = await failure(safeFetch(server.url, { lookup, allowHosts: [server.host] }));
    expect(refused.message).toContain(
      `(redirected from ${server.url}): internal.test resolves to fd12::1, which is a unique-local address`,
    );
  });

  it('follows at most 5 redirects and reports the final URL', async () => {
    const pages: Record<string, { status: number; headers: Record<string, string> } | string> = {};
    for (let index = 0; index < 7; index++) {
      pages[`/r${index}`] = { status: 302, headers: { location: `/r${index + 1}` } };
    }
    pages['/r5'] = 'done';
    server = await startFakePageServer(pages);
    const fetched = await safeFetch(`${server.origin}/r0`, { allowHosts: [server.host] });
    expect(fetched.finalUrl).toBe(`${server.origin}/r5`);
    pages['/r5'] = { status: 302, headers: { location: '/r6' } };
    const refused = await failure(safeFetch(`${server.origin}/r0`, { allowHosts: [server.host] }));
    expect(refused.code).toBe('too_many_redirects');
  });

  it('reports HTTP errors with their status', async () => {
    server = await startFakePageServer({ '/busy': { status: 503, body: 'later' } });
    const missing = await failure(safeFetch(`${server.origin}/nope`, { allowHosts: [server.host] }));
    expect(missing).toMatchObject({ code: 'http_error', statusCode: 404, isRetryable: false });
    const busy = await failure(safeFetch(`${server.origin}/busy`, { allowHosts: [server.host] }));
    expect(busy).toMatchObject({ code: 'http_error', statusCode: 503, isRetryable: true });
  });

  it('refuses bodies over the size cap, declared or not', async () => {
    server = await startFakePageServer({
      '/big': 'x'.repeat(5000),
      '/undeclared': { body: 'y'.repeat(5000), dripMs: 0, dripBytes: 500 },
    });
    const big = await failure(
      safeFetch(`${server.origin}/big`, { allowHosts: [server.host], maxBytes: 1000 }),
    );
    expect(big.code).toBe('too_large');
    const undeclared = await failure(
      safeFetch(`${server.origin}/undeclared`, { allowHosts: [server.host], maxBytes: 1000 }),
    );
    expect(undeclared.code).toBe('too_large');
  });

  it('times out a slow-drip body even though the headers came quickly', async () => {
    // The whole body takes 5 s to drip; the read fails at its 400 ms limit instead of waiting it out.
    server = await startFakePageServer({ '/drip': { body: 'z'.repeat(100), dripMs: 50 } });
    const slow = await failure(
      safeFetch(`${server.origin}/drip`, { allowHosts: [server.host], timeoutMs: 400 }),
    );
    expect(slow.code).toBe('timeout');
  });

  it('times out slow headers', async () => {
    server = await startFakePageServer({ '/slow': { body: 'late', delayMs: 2000 } });
    const slow = await failure(
      safeFetch(`${server.origin}/slow`, { allowHosts: [server.host], timeoutMs: 300 }),
    );
    expect(slow.code).toBe('timeout');
  });

  it('decompresses gzip and brotli bodies', async () => {
    const text = 'compressed page '.repeat(100);
    server = await startFakePageServer({
      '/gz': { body: gzipSync(text), headers: { 'content-encoding': 'gzip' } },
      '/br': { body: brotliCompressSync(text), headers: { 'content-encoding': 'br' } },
    });
    for (const path of ['/gz', '/br']) {
      const fetched = await safeFetch(`${server.origin}${path}`, { allowHosts: [server.host] });
      expect(new TextDecoder().decode(fetched.bytes)).toBe(text);
    }
  });

  it('stops gzip and brotli bombs at the decompressed cap', async () => {
    const bomb = Buffer.alloc(16 * 1024 * 1024);
    const gzipBomb = gzipSync(bomb);
    const brotliBomb = brotliCompressSync(bomb, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(gzipBomb.length).toBeLessThan(40_000);
    server = await startFakePageServer({
      '/gz': { body: gzipBomb, headers: { 'content-encoding': 'gzip' } },
      '/br': { body: brotliBomb, headers: { 'content-encoding': 'br' } },
    });
    for (const path of ['/gz', '/br']) {
      const bombed = await failure(
        safeFetch(`${server.origin}${path}`, { allowHosts: [server.host], maxBytes: 256 * 1024 }),
      );
      expect(bombed.code).toBe('too_large');
      expect(bombed.message).toContain('decompressed');
    }
  });

  it('reports a corrupt compressed body as a decode error', async () => {
    server = await startFakePageServer({
      '/': { body: 'not gzip at all', headers: { 'content-encoding': 'gzip' } },
    });
    const corrupt = await failure(safeFetch(server.url, { allowHosts: [server.host] }));
    expect(corrupt.code).toBe('decode_error');
  });

  it('reports unknown host names as DNS errors', async () => {
    const failed = await failure(safeFetch('http://nowhere.test/', { lookup: fakeDns({}) }));
    expect(failed.code).toBe('dns_error');
  });

  it('re-checks redirects with an injected fetch too', async () => {
    const seen: string[] = [];
    const fetchFunction = async (input: string) => {
      seen.push(input);
      return new Response(null, { status: 302, headers: { location: 'http://[::ffff:169.254.169.254]/' } });
    };
    const refused = await failure(
      safeFetch('http://public.test/', {
        fetch: fetchFunction,
        lookup: fakeDns({ 'public.test': ['93.184.216.34'] }),
      }),
    );
    expect(refused.code).toBe('blocked_address');
    expect(refused.message).toContain('cloud metadata address');
    expect(seen).toEqual(['http://public.test/']);
  });

  it('works with the global fetch injected: redirects followed and re-checked, gzip decoded', async () => {
    server = await startFakePageServer({
      '/from': { status: 302, headers: { location: '/to' } },
      '/to': { body: gzipSync('via fetch'), headers: { 'content-encoding': 'gzip' } },
      '/escape': { status: 302, headers: { location: 'http://[::1]:1/' } },
    });
    const options = { fetch: globalThis.fetch, allowHosts: [server.host] };
    const fetched = await safeFetch(`${server.origin}/from`, options);
    expect(fetched.finalUrl).toBe(`${server.origin}/to`);
    expect(new TextDecoder().decode(fetched.bytes)).toBe('via fetch');
    const refused = await failure(safeFetch(`${server.origin}/escape`, options));
    expect(refused.code).toBe('blocked_address');
  });
});
