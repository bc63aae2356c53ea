import { describe, expect, it } from 'vitest';
import { extractHits } from './hits.js';
import { parseMcpUrl } from './mcp-url.js';

const context = {
  server: 'wiki',
  search: { tool: 'find', parameter: 'q' },
  read: { tool: 'get_page', parameter: 'page_id' },
  query: 'launch date',
};
const output = (text: string, extra: object = {}) => ({ text, links: [], isError: false, ...extra });

describe('extractHits', () => {
  it("reads a JSON list of results: own URL when it has one, else the read tool's mcp:// URL by its key", () => {
    const text = JSON.stringify({
      items: [
        {
          title: 'Launch',
          link: 'https://wiki.example/launch',
          page_id: 7,
          summary: 'It launches in March.',
        },
        { name: 'Team', id: 'team', content: 'Five engineers.' },
      ],
    });
    expect(extractHits(output(text), context)).toEqual([
      {
        server: 'wiki',
        title: 'Launch',
        url: 'https://wiki.example/launch',
        text: 'It launches in March.',
        read: { tool: 'get_page', args: { page_id: '7' } },
      },
      {
        server: 'wiki',
        title: 'Team',
        url: 'mcp://wiki/get_page?page_id=team',
        text: 'Five engineers.',
        read: { tool: 'get_page', args: { page_id: 'team' } },
      },
    ]);
  });

  it("prefers structured content, and without a read tool cites the search call and the hit's number", () => {
    const hits = extractHits(output('ignored', { structured: [{ title: 'A', text: 'alpha' }] }), {
      ...context,
      read: undefined,
    });
    expect(hits).toEqual([
      { server: 'wiki', title: 'A', url: 'mcp://wiki/find?q=launch+date&result=1', text: 'alpha' },
    ]);
    expect(parseMcpUrl(hits[0]!.url)).toEqual({
      server: 'wiki',
      tool: 'find',
      args: { q: 'launch date', result: '1' },
    });
  });

  it('takes resource links, and plain text as one hit whose text is exactly what the tool said', () => {
    const links = extractHits(
      output('', { links: [{ uri: 'https://docs.example/a', name: 'Doc A', description: 'About A' }] }),
      context,
    );
    expect(links[0]).toMatchObject({ title: 'Doc A', url: 'https://docs.example/a', text: 'About A' });
    const plain = extractHits(output('The launch is on 14 March.\nNothing else.'), context);
    expect(plain).toEqual([
      {
        server: 'wiki',
        title: 'wiki: launch date',
        url: 'mcp://wiki/find?q=launch+date&result=1',
        text: 'The launch is on 14 March.\nNothing else.',
      },
    ]);
    expect(extractHits(output('  '), context)).toEqual([]);
  });
});
