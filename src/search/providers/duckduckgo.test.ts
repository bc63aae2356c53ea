import { describe, expect, it } from 'vitest';
import { serve, testSettings } from '../../testing/vitest/provider-test-server.js';
import { createDuckDuckGoSearch, duckDuckGoRegion, unwrapDuckDuckGoLink } from './duckduckgo.js';

/** Two organic results and an ad, shaped like html.duckduckgo.com/html/. */
const resultsPage = `<!DOCTYPE html><html><body><div id="links" class="results">
<div class="result results_links results_links_deep result--ad">
  <h2 class="result__title"><a class="result__a" href="https://duckduckgo.com/y.js?ad_domain=shop.example">Buy now</a></h2>
  <a class="result__snippet" href="https://duckduckgo.com/y.js?ad_domain=shop.example">Ad text</a>
</div>
<div class="result results_links results_links_deep web-result">
  <div class="links_main links_deep result__body">
    <h2 class="result__title"><a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FHedgehog&amp;rut=abc">Hedgehog - <b>Wikipedia</b></a></h2>
    <div class="result__extras"><div class="result__extras__url"><a class="result__url" href="//duckduckgo.com/l/?uddg=x">en.wikipedia.org/wiki/Hedgehog</a><span>&nbsp; &nbsp; 2024-02-10T00:00:00.0000000</span></div></div>
    <a class="result__snippet" href="//duckduckgo.com/l/?uddg=x">A <b>hedgehog</b> is a spiny mammal &amp; insectivore.</a>
  </div>
</div>
<div class="result results_links results_links_deep web-result">
  <div class="links_main links_deep result__body">
    <h2 class="result__title"><a rel="nofollow" class="result__a" href="https://hedgehogs.example/care">Hedgehog care</a></h2>
    <a class="result__snippet" href="https://hedgehogs.example/care">How to care for one.</a>
  </div>
</div>
</div></body></html>`;

describe('createDuckDuckGoSearch', () => {
  it('parses result blocks, unwraps uddg redirects, skips ads and decodes text', async () => {
    const server = await serve({ headers: { 'content-type': 'text/html' }, body: resultsPage });
    const results = await createDuckDuckGoSearch(testSettings(server)).search({ query: 'hedgehog' });
    expect(results).toEqual([
      {
        title: 'Hedgehog - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Hedgehog',
        snippet: 'A hedgehog is a spiny mammal & insectivore.',
        publishedAt: '2024-02-10T00:00:00.000Z',
        provider: 'duckduckgo',
      },
      {
        title: 'Hedgehog care',
        url: 'https://hedgehogs.example/care',
        snippet: 'How to care for one.',
        provider: 'duckduckgo',
      },
    ]);
  });

  it('POSTs the form with region, date filter and site:, and cuts to count', async () => {
    const server = await serve({ body: resultsPage });
    const results = await createDuckDuckGoSearch(testSettings(server)).search({
      query: 'igel',
      language: 'de',
      timeRange: 'year',
      sites: ['wikipedia.org'],
      count: 1,
    });
    const request = server.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/html/');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      q: 'igel site:wikipedia.org',
      kl: 'de-de',
      df: 'y',
    });
    expect(results).toHaveLength(1);
  });

  it('returns an empty list for a real "no results" page', async () => {
    const server = await serve({
      body: '<html><body><div class="no-results">No results.</div></body></html>',
    });
    await expect(createDuckDuckGoSearch(testSettings(server)).search({ query: 'qwzx' })).resolves.toEqual([]);
  });

  it('reports the bot-check page as rate_limited and unknown markup as invalid_response', async () => {
    const captcha = await serve({
      status: 202,
      body: '<html><body><div class="anomaly-modal">Unfortunately, bots use DuckDuckGo too.</div></body></html>',
    });
    await expect(createDuckDuckGoSearch(testSettings(captcha)).search({ query: 'x' })).rejects.toMatchObject({
      code: 'rate_limited',
      provider: 'duckduckgo',
    });
    const blocked = await serve({ status: 403, body: '<html>Forbidden</html>' });
    await expect(createDuckDuckGoSearch(testSettings(blocked)).search({ query: 'x' })).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.not.stringContaining('API key'),
    });
    const changed = await serve({ body: '<html><body><main>Something else entirely</main></body></html>' });
    await expect(createDuckDuckGoSearch(testSettings(changed)).search({ query: 'x' })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});

describe('DuckDuckGo helpers', () => {
  it('maps languages to kl regions', () => {
    expect(duckDuckGoRegion('en')).toBe('us-en');
    expect(duckDuckGoRegion('fr')).toBe('fr-fr');
    expect(duckDuckGoRegion('pt-BR')).toBe('br-pt');
    expect(duckDuckGoRegion('ja')).toBe('jp-jp');
  });

  it('unwraps redirects and rejects DuckDuckGo-internal links', () => {
    expect(unwrapDuckDuckGoLink('//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.com%2Fx%3Fy%3D1&rut=z')).toBe(
      'https://a.com/x?y=1',
    );
    expect(unwrapDuckDuckGoLink('https://duckduckgo.com/y.js?ad_domain=a')).toBeUndefined();
  });
});
