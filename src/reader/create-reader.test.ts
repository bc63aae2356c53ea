import iconv from 'iconv-lite';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakePageServer, startFakePageServer } from '../testing/fake-page-server.js';
import { buildMinimalPdf } from '../testing/minimal-pdf.js';
import { createMemorySourceCache } from './cache/index.js';
import { createReader } from './create-reader.js';

let server: FakePageServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const article = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${body}</p></article></body></html>`;

describe('createReader', () => {
  it('reads a page into a source with markdown, text, passages and a content hash', async () => {
    server = await startFakePageServer({
      '/a': article(
        'Tides',
        'Tides are caused by the gravitational pull of the moon and the sun on the oceans.',
      ),
    });
    const reader = createReader({ allowHosts: [server.host] });
    const source = await reader.read(`${server.origin}/a#section`);
    expect(source.url).toBe(`${server.origin}/a`);
    expect(source.finalUrl).toBe(`${server.origin}/a`);
    expect(source.contentType).toBe('text/html');
    expect(source.text).toContain('gravitational pull of the moon');
    expect(source.passages.length).toBeGreaterThan(0);
    expect(source.text.slice(source.passages[0]!.start, source.passages[0]!.end)).toBe(
      source.passages[0]!.text,
    );
    expect(source.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number.isNaN(Date.parse(source.fetchedAt))).toBe(false);
  });

  it('fetches a URL read twice only once, and concurrent reads share one fetch', async () => {
    server = await startFakePageServer({
      '/once': article('Once', 'This page must only be fetched a single time by the reader cache.'),
      '/slow': {
        body: article('Slow', 'Slow page body text that several readers wait for together.'),
        delayMs: 150,
      },
    });
    const reader = createReader({ allowHosts: [server.host] });
    const first = await reader.read(`${server.origin}/once`);
    const second = await reader.read(`${server.origin}/once?utm_source=newsletter`);
    expect(second).toEqual(first);
    const together = await Promise.all([1, 2, 3].map(() => reader.read(`${server!.origin}/slow`)));
    expect(new Set(together.map((source) => source.contentHash)).size).toBe(1);
    expect(server.requests.map((request) => request.path)).toEqual(['/once', '/slow']);
  });

  it('fetches again after the time to live, or when asked for a fresh copy', async () => {
    server = await startFakePageServer({
      '/t': article('TTL', 'A page whose cached copy expires after a short while.'),
    });
    let now = 1_000_000;
    const reader = createReader({
      allowHosts: [server.host],
      cache: createMemorySourceCache({ now: () => now }),
      cacheTtlMs: 1000,
    });
    await reader.read(`${server.origin}/t`);
    now += 500;
    await reader.read(`${server.origin}/t`);
    expect(server.requests).toHaveLength(1);
    now += 600;
    await reader.read(`${server.origin}/t`);
    expect(server.requests).toHaveLength(2);
    await reader.read(`${server.origin}/t`, { fresh: true });
    expect(server.requests).toHaveLength(3);
  });

  it('caches under the final URL too, after a redirect', async () => {
    server = await startFakePageServer({
      '/old': { status: 301, headers: { location: '/new' } },
      '/new': article('Moved', 'The content now lives at a new address on the same host.'),
    });
    const reader = createReader({ allowHosts: [server.host] });
    const moved = await reader.read(`${server.origin}/old`);
    expect(moved.finalUrl).toBe(`${server.origin}/new`);
    await reader.read(`${server.origin}/new`);
    expect(server.requests.map((request) => request.path)).toEqual(['/old', '/new']);
  });

  it('reads PDFs, JSON and plain text served over HTTP', async () => {
    server = await startFakePageServer({
      '/paper.pdf': {
        body: buildMinimalPdf({ title: 'Paper', pages: ['Abstract text here'] }),
        contentType: 'application/pdf',
      },
      '/data': { body: '{"a":1}', contentType: 'application/json' },
      '/notes': { body: 'Line one\nLine two', contentType: 'text/plain' },
    });
    const reader = createReader({ allowHosts: [server.host] });
    const pdf = await reader.read(`${server.origin}/paper.pdf`);
    expect(pdf).toMatchObject({ title: 'Paper', contentType: 'application/pdf', text: 'Abstract text here' });
    expect((await reader.read(`${server.origin}/data`)).markdown).toBe('```json\n{\n  "a": 1\n}\n```');
    expect((await reader.read(`${server.origin}/notes`)).title).toBe('notes');
  });

  it('refuses blocked URLs before consulting the cache', async () => {
    const reader = createReader();
    await expect(reader.read('http://[::ffff:127.0.0.1]/')).rejects.toMatchObject({
      code: 'blocked_address',
    });
    await expect(reader.read('gopher://example.com/')).rejects.toMatchObject({ code: 'invalid_url' });
  });

  it('lets one caller give up without failing the others sharing its fetch', async () => {
    server = await startFakePageServer({
      '/wait': { body: article('Wait', 'Readers that keep waiting get this page in the end.'), delayMs: 200 },
    });
    const reader = createReader({ allowHosts: [server.host] });
    const controller = new AbortController();
    const impatient = reader.read(`${server.origin}/wait`, { signal: controller.signal });
    const patient = reader.read(`${server.origin}/wait`);
    controller.abort();
    await expect(impatient).rejects.toThrow();
    await expect(patient).resolves.toMatchObject({ title: 'Wait' });
  });

  it('decodes legacy charsets from the header, <meta> and a BOM', async () => {
    const japanese = article(
      '日本語',
      '東京タワーは一九五八年に完成した電波塔で、高さは三百三十三メートルです。',
    );
    const russian = article(
      'Новости',
      'Москва является столицей России и крупнейшим городом страны по населению.',
    );
    const french = article('Café', 'Le café « Procope » est le plus ancien café de Paris, ouvert en 1686.');
    server = await startFakePageServer({
      '/sjis': {
        body: iconv.encode(japanese.replace('<head>', '<head><meta charset="shift_jis">'), 'shift_jis'),
        contentType: 'text/html',
      },
      '/koi8': { body: iconv.encode(russian, 'koi8-r'), contentType: 'text/html; charset=KOI8-R' },
      '/bom': {
        body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(french)]),
        contentType: 'text/html; charset=windows-1252',
      },
    });
    const reader = createReader({ allowHosts: [server.host] });
    expect((await reader.read(`${server.origin}/sjis`)).text).toContain(
      '東京タワーは一九五八年に完成した電波塔',
    );
    expect((await reader.read(`${server.origin}/koi8`)).text).toContain('Москва является столицей России');
    expect((await reader.read(`${server.origin}/bom`)).text).toContain('Le café « Procope »');
  });

  it('reports a refused connection to an allowed host as a retryable network error', async () => {
    const reader = createReader({ allowHosts: ['127.0.0.1:1'] });
    await expect(reader.read('http://127.0.0.1:1/')).rejects.toMatchObject({
      code: 'network_error',
      isRetryable: true,
    });
  });
});
