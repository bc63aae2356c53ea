import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TimelineCall, TimelineEntry } from '../state/index.js';
import { TraceTimeline } from './trace-timeline.js';

const step = (calls: TimelineCall[]): TimelineEntry => ({
  step: 1,
  at: '2026-12-01T10:00:00.000Z',
  calls,
  observations: [],
  answers: [],
  notes: [],
});

/** The ACTION rows' text, as a reader sees it. */
function actionRows(calls: TimelineCall[]): string[] {
  const html = renderToStaticMarkup(<TraceTimeline entries={[step(calls)]} live={false} />);
  const { document } = parseHTML(`<div>${html}</div>`);
  return [...document.querySelectorAll('.trace-row')]
    .filter((row) => row.querySelector('.trace-kind')?.textContent === 'ACTION')
    .map((row) => row.textContent?.replace('ACTION', '').trim() ?? '');
}

describe('TraceTimeline ACTION rows', () => {
  it('say each call in words, not as the JSON of its input', () => {
    const rows = actionRows([
      {
        callId: 'c1',
        tool: 'search',
        input: { query: 'tallest building Europe', providers: ['tavily', 'brave'], timeRange: 'year' },
      },
      { callId: 'c2', tool: 'read', input: { url: 'https://example.org/towers' } },
      {
        callId: 'c3',
        tool: 'deep-read',
        input: { url: 'https://docs.example.org/', pattern: '/guide/*', depth: 2, limit: 10 },
      },
      {
        callId: 'c4',
        tool: 'read_file',
        input: { path: 'src/router.ts', startLine: 10, endLine: 40, corpus: 'project' },
      },
      {
        callId: 'c5',
        tool: 'resolve_symbol',
        input: { name: 'matchPath', kind: 'callers', corpus: 'project' },
      },
      {
        callId: 'c6',
        tool: 'search_corpus',
        input: { query: 'route table', mode: 'lexical', pathPrefix: 'src/', corpus: 'project' },
      },
      { callId: 'c7', tool: 'read_map', input: { corpus: 'project' } },
    ]);
    expect(rows).toEqual([
      'search “tallest building Europe” from the past year with tavily, brave',
      'read https://example.org/towers',
      'deep-read https://docs.example.org/ and the links matching /guide/*, 2 links deep, at most 10 pages',
      'read_file src/router.ts lines 10–40 in project',
      'resolve_symbol callers of matchPath in project',
      'search_corpus “route table” (lexical) under src/ in project',
      'read_map the repository map in project',
    ]);
    for (const row of rows) expect(row).not.toMatch(/[{}"]/);
  });

  it('names the fields of an input it has no words for, still without JSON braces', () => {
    const rows = actionRows([{ callId: 'c1', tool: 'read', input: { address: 'https://x.example/' } }]);
    expect(rows).toEqual(['read address: https://x.example/']);
  });
});
