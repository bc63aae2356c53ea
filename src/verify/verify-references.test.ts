import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildArchive } from '../archive/index.js';
import type { Reference } from '../contract/index.js';
import type { RecordedExchange } from '../reader/index.js';
import { safeFetch } from '../reader/index.js';
import { type FakePage, type FakePageServer, startFakePageServer } from '../testing/fake-page-server.js';
import { verifyReferences } from './verify-references.js';

let server: FakePageServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const article = (extra = '') =>
  `<html><head><title>Towers</title></head><body><article><h1>Towers</h1><p>The Lakhta Center in Saint Petersburg is 462 metres tall.</p><p>It was finished in 2019 after seven years of work.</p>${extra}</article></body></html>`;

/** Reads the pages as a run would (recording exchanges), archives them, and returns references to them. */
async function archivedRun(pages: Record<string, FakePage>, quotes: Record<string, string>) {
  server = await startFakePageServer(pages);
  const exchanges: RecordedExchange[] = [];
  const references: Reference[] = [];
  for (const [path, quote] of Object.entries(quotes)) {
    const url = `${server.origin}${path}`;
    const before = exchanges.length;
    await safeFetch(url, { allowHosts: [server.host], onExchange: (exchange) => exchanges.push(exchange) });
    const chain = exchanges.slice(before);
    const last = chain.at(-1) as RecordedExchange;
    references.push({
      url,
      title: 'Towers',
      quote,
      verified: true,
      snapshot: { sha256: last.bodySha256, fetchedAt: last.fetchedAt, archived: true },
    });
  }
  const archive = await buildArchive({
    runId: 'run',
    software: 'test',
    mode: 'cited',
    maxBytes: 1_000_000,
    pages: references.map((reference) => ({
      url: reference.url,
      chain: exchanges.filter((exchange) => exchange.url === reference.url),
    })),
  });
  return { references, warc: archive.warc, host: (server as FakePageServer).host };
}

describe('verifyReferences', () => {
  it('finds each quote in a gzip-encoded archived page, and says a page changed around a quote that stayed', async () => {
    const pages: Record<string, FakePage> = {
      '/gz': { body: gzipSync(article()), headers: { 'content-encoding': 'gzip' } },
      '/plain': article(),
    };
    const run = await archivedRun(pages, {
      '/gz': 'The Lakhta Center in Saint Petersburg is 462 metres tall.',
      '/plain': 'It was finished in 2019 … 462 metres tall.',
    });
    pages['/plain'] = article('<p>A new paragraph added later about the observation deck.</p>');
    const report = await verifyReferences({
      runId: 'run',
      references: run.references,
      warc: run.warc,
      live: { allowHosts: [run.host] },
    });
    expect(report.references.map(({ archived, live }) => ({ archived, live }))).toEqual([
      { archived: 'present', live: 'unchanged' },
      { archived: 'present', live: 'changed_around' },
    ]);
  });

  it('says a page the archive does not hold is not archived, and lists a file reference without states', async () => {
    const run = await archivedRun({ '/plain': article() }, { '/plain': 'It was finished in 2019' });
    const stranger: Reference = {
      url: 'https://elsewhere.example/page',
      title: 'x',
      quote: 'q',
      verified: true,
    };
    const file: Reference = {
      url: 'corpus://docs/a.md',
      title: 'a.md',
      quote: 'q',
      verified: true,
      path: 'a.md',
    };
    const report = await verifyReferences({
      runId: 'run',
      references: [...run.references, stranger, file],
      warc: run.warc,
    });
    expect(report.references).toEqual([
      { index: 1, url: run.references[0]?.url, archived: 'present' },
      {
        index: 2,
        url: stranger.url,
        archived: 'not_archived',
        detail: 'the archive holds no response for this page',
      },
      { index: 3, url: file.url },
    ]);
    expect(report.live).toBe(false);
  });
});
