import { describe, expect, it } from 'vitest';
import type { Reference, VerifyReport } from '../../../src/contract/index.js';
import { referenceCheckRows } from './reference-checks.js';

const page = (url: string, archived: boolean): Reference => ({
  url,
  title: 'A page',
  quote: 'q',
  verified: true,
  snapshot: { sha256: 'abcdef0123456789abcdef', fetchedAt: '2026-12-01T10:00:00.000Z', archived },
});
const file: Reference = {
  url: 'corpus://docs/a.md',
  title: 'a.md',
  quote: 'q',
  verified: true,
  path: 'a.md',
};

describe('referenceCheckRows', () => {
  it('lists the web references with their hash and archived flag, before any check', () => {
    const rows = referenceCheckRows(
      [page('https://a.example/1', true), file, page('https://a.example/2', false)],
      undefined,
    );
    expect(rows).toEqual([
      { index: 1, url: 'https://a.example/1', title: 'A page', hash: 'abcdef012345', archived: true },
      { index: 3, url: 'https://a.example/2', title: 'A page', hash: 'abcdef012345', archived: false },
    ]);
  });

  it("puts each check's states on the reference it numbers, good and bad apart", () => {
    const report: VerifyReport = {
      runId: 'r',
      checkedAt: '2026-12-01T11:00:00.000Z',
      live: true,
      references: [
        {
          index: 1,
          url: 'https://a.example/1',
          archived: 'present',
          live: 'changed',
          detail: 'the quote is no longer on the page',
        },
        { index: 2, url: 'https://a.example/2', archived: 'not_archived', live: 'unchanged' },
      ],
    };
    const rows = referenceCheckRows(
      [page('https://a.example/1', true), page('https://a.example/2', false)],
      report,
    );
    expect(rows[0]).toMatchObject({
      inArchive: { tone: 'ok' },
      live: { text: 'quote no longer on the live page', tone: 'bad' },
      detail: 'the quote is no longer on the page',
    });
    expect(rows[1]).toMatchObject({
      inArchive: { text: 'page not archived', tone: 'warn' },
      live: { tone: 'ok' },
    });
  });
});
