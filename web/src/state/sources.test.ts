import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../../../src/contract/index.js';
import { cancelledRun, normalRun, retryRun, toolErrorRun } from './fixtures/index.js';
import { groupSources, initialSourcesState, type SourcesState, sourcesReducer } from './sources.js';

const fold = (events: readonly ResearchEvent[]): SourcesState =>
  events.reduce(sourcesReducer, initialSourcesState);
const urls = (entries: { url: string }[]) => entries.map((entry) => entry.url);

describe('sourcesReducer', () => {
  it('lists each page once, by the furthest it got (cited, read, found), with the quotes of each cited page', () => {
    const groups = groupSources(fold(normalRun));
    expect(urls(groups.cited)).toEqual(['https://example.org/towers', 'https://news.example.com/lakhta']);
    expect(urls(groups.read)).toEqual([]);
    expect(urls(groups.found)).toEqual(['https://blog.example.net/skyscrapers']);
    expect(groups.cited[0]?.quotes[0]?.quote).toBe(
      'The Lakhta Center in Saint Petersburg is 462 metres tall.',
    );
    expect(groups.found[0]).toMatchObject({ title: 'Skyscraper blog', host: 'blog.example.net', read: 'no' });
  });

  it('follows the latest answer: a page cited only by a later attempt becomes cited', () => {
    const sources = fold(retryRun);
    const two = sources.entries.find((entry) => entry.url === 'https://b.example.org/two');
    expect(two).toMatchObject({ found: true, cited: true });
    expect(two?.quotes[0]?.verified).toBe(false);
  });

  it("numbers the pages read as the server's source list does, each once, and notes their screenshots", () => {
    const base = { runId: 'r', at: '2026-11-27T07:00:00.000Z', step: 1 };
    const source = (url: string, screenshot?: boolean) => ({
      url,
      finalUrl: url,
      title: url,
      contentHash: 'h',
      fetchedAt: base.at,
      ...(screenshot ? { screenshot } : {}),
    });
    const result = (index: number, sources: ReturnType<typeof source>[]): ResearchEvent => ({
      ...base,
      index,
      type: 'tool-result',
      callId: `c${index}`,
      tool: sources.length > 1 ? 'deep-read' : 'read',
      ok: true,
      durationMs: 1,
      summary: 'read',
      sources,
    });
    const state = fold([
      result(0, [source('https://a.example/', true)]),
      result(1, [source('https://b.example/'), source('https://c.example/', true)]),
      result(2, [source('https://a.example/', true)]),
    ]);
    expect(
      state.entries.map((entry) => [entry.url, entry.sourceNumber, entry.screenshot ?? false, entry.read]),
    ).toEqual([
      ['https://a.example/', 1, true, 'ok'],
      ['https://b.example/', 2, false, 'ok'],
      ['https://c.example/', 3, true, 'ok'],
    ]);
  });

  it('marks a page whose read failed', () => {
    const sources = fold(toolErrorRun);
    expect(sources.entries).toEqual([
      expect.objectContaining({ url: 'https://broken.example.org/page', read: 'failed' }),
    ]);
  });

  it('marks a read cut off by cancellation as stopped, not read', () => {
    const sources = fold(cancelledRun);
    expect(sources.entries[0]).toMatchObject({ url: 'https://slow.example.org/', read: 'stopped' });
    expect(sources.pendingReads).toEqual({});
  });
});
