import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { RecordedExchange } from '../reader/index.js';
import { buildArchive } from './build-archive.js';
import { archivedPage, decodedBody, readWarcResponses } from './read-warc.js';
import { createExchangeRecorder } from './recorder.js';

function exchange(url: string, body: string, extra: Partial<RecordedExchange> = {}): RecordedExchange {
  return {
    url,
    fetchedAt: '2026-12-01T10:00:00.000Z',
    requestHeaders: [['user-agent', 'test']],
    status: 200,
    statusText: 'OK',
    responseHeaders: [['Content-Type', 'text/html']],
    body: new TextEncoder().encode(body),
    bodySha256: createHash('sha256').update(body).digest('hex'),
    ...extra,
  };
}

const build = (pages: { url: string; chain: RecordedExchange[] }[], maxBytes = 1_000_000) =>
  buildArchive({ runId: 'run-1', software: 'test', mode: 'cited', maxBytes, pages });

describe('buildArchive', () => {
  it('keeps pages within the bound in the order given and names each page it left out, and why', async () => {
    const small = exchange('https://a.example/small', 'short page');
    // Random bytes do not compress: this page alone passes the bound.
    const large = exchange('https://a.example/large', randomBytes(20_000).toString('base64'));
    const archive = await build(
      [
        { url: small.url, chain: [small] },
        { url: large.url, chain: [large] },
        { url: 'https://a.example/cached', chain: [] },
      ],
      4_000,
    );
    expect(archive.summary.pages).toBe(1);
    expect(archive.summary.bytes).toBe(archive.warc.length);
    expect(archive.summary.bytes).toBeLessThanOrEqual(4_000);
    expect(archive.summary.dropped).toEqual([
      { url: large.url, reason: 'size_limit' },
      { url: 'https://a.example/cached', reason: 'not_recorded' },
    ]);
    expect(gunzipSync(archive.warc).toString()).toContain('short page');
  });

  it('reads back what it wrote, following a redirect to the page', async () => {
    const recorder = createExchangeRecorder({ maxHeldBytes: 1_000_000 });
    recorder.record(
      exchange('https://a.example/old', '', {
        status: 301,
        statusText: 'Moved',
        responseHeaders: [['Location', '/new']],
      }),
    );
    recorder.record(exchange('https://a.example/new', '<p>moved here</p>'));
    expect(recorder.pageUrls()).toEqual(['https://a.example/old']);
    const chain = recorder.chainFor('https://a.example/old');
    expect(chain.map((hop) => hop.status)).toEqual([301, 200]);
    const archive = await build([{ url: 'https://a.example/old', chain }]);
    const page = archivedPage(await readWarcResponses(archive.warc), 'https://a.example/old');
    expect(page?.url).toBe('https://a.example/new');
    expect(new TextDecoder().decode(await decodedBody(page as NonNullable<typeof page>))).toBe(
      '<p>moved here</p>',
    );
  });

  it('refuses bytes that are not a WARC file with a clear error', async () => {
    await expect(readWarcResponses(new TextEncoder().encode('not a warc at all'))).rejects.toMatchObject({
      code: 'archive_unreadable',
    });
  });
});
