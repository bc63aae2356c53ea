import { describe, expect, it } from 'vitest';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { arxivQuery, createArxivSearch } from './arxiv.js';

const feed = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <title type="html">ArXiv Query: search_query=all:attention</title>
  <opensearch:totalResults>1</opensearch:totalResults>
  <entry>
    <id>http://arxiv.org/abs/1706.03762v7</id>
    <updated>2023-08-02T00:41:18Z</updated>
    <published>2017-06-12T17:57:34Z</published>
    <title>Attention Is All
      You Need</title>
    <summary>  The dominant sequence transduction models are based on complex recurrent networks &amp; more.
    </summary>
    <author><name>Ashish Vaswani</name></author>
    <arxiv:comment>15 pages</arxiv:comment>
    <link href="http://arxiv.org/abs/1706.03762v7" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/1706.03762v7" rel="related" type="application/pdf"/>
  </entry>
</feed>`;

describe('createArxivSearch', () => {
  it('parses Atom entries into results with https URLs and publication dates', async () => {
    const server = await serve({ headers: { 'content-type': 'application/atom+xml' }, body: feed });
    const results = await createArxivSearch(testSettings(server, {})).search({
      query: 'attention',
      count: 3,
    });
    expect(results).toEqual([
      {
        title: 'Attention Is All You Need',
        url: 'https://arxiv.org/abs/1706.03762v7',
        snippet: 'The dominant sequence transduction models are based on complex recurrent networks & more.',
        publishedAt: '2017-06-12T17:57:34.000Z',
        provider: 'arxiv',
      },
    ]);
    const parameters = server.requests[0]?.url.searchParams;
    expect(server.requests[0]?.url.pathname).toBe('/api/query');
    expect(parameters?.get('search_query')).toBe('all:attention');
    expect(parameters?.get('max_results')).toBe('3');
  });

  it('maps a time range to a submittedDate range', async () => {
    const server = await serve({ body: feed });
    await createArxivSearch(testSettings(server, {})).search({ query: 'llm', timeRange: 'week' });
    const query = server.requests[0]?.url.searchParams.get('search_query') ?? '';
    expect(query).toMatch(/^\(all:llm\) AND submittedDate:\[\d{12} TO \d{12}\]$/);
    const [from, to] = [...query.matchAll(/(\d{12})/g)].map((match) => match[1] ?? '');
    const asDate = (value: string) =>
      Date.UTC(+value.slice(0, 4), +value.slice(4, 6) - 1, +value.slice(6, 8), +value.slice(8, 10));
    expect(Math.round((asDate(to ?? '') - asDate(from ?? '')) / 86_400_000)).toBe(7);
  });

  it('reports an arXiv error entry as http_error and a non-Atom body as invalid_response', async () => {
    const errorFeed = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry>
      <id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id><title>Error</title>
      <summary>incorrect id format for 1234</summary></entry></feed>`;
    const refused = await serve({ body: errorFeed });
    await expect(createArxivSearch(testSettings(refused, {})).search({ query: 'x' })).rejects.toMatchObject({
      code: 'http_error',
      message: expect.stringContaining('incorrect id format'),
    });
    const broken = await serve({ body: 'Service Unavailable' });
    await expect(createArxivSearch(testSettings(broken, {})).search({ query: 'x' })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('skips the call when sites exclude arxiv.org', async () => {
    const server = await serve({ body: feed });
    await expect(
      createArxivSearch(testSettings(server, {})).search({ query: 'x', sites: ['nature.com'] }),
    ).resolves.toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe('arxivQuery', () => {
  it('ANDs the content words of free text and keeps quoted phrases', () => {
    expect(arxivQuery('what is the accuracy of "protein folding" in AlphaFold-2.')).toBe(
      'all:accuracy AND all:"protein folding" AND all:AlphaFold-2',
    );
  });

  it('passes arXiv field syntax through unchanged', () => {
    expect(arxivQuery('ti:transformer AND au:vaswani')).toBe('ti:transformer AND au:vaswani');
  });
});
