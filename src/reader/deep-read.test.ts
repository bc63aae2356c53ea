import { afterEach, describe, expect, it } from 'vitest';
import { type FakePageServer, startFakePageServer } from '../testing/fake-page-server.js';
import { createReader } from './create-reader.js';
import { deepRead } from './deep-read.js';
import type { Reader, Source } from './types.js';

let server: FakePageServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const page = (title: string, links: string[]) =>
  `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>This is the ${title} page of the documentation site, with enough words to count as content.</p><ul>${links
    .map((link) => `<li><a href="${link}">${link}</a></li>`)
    .join('')}</ul></article></body></html>`;

describe('deepRead', () => {
  it('follows matching same-host links breadth-first, each URL once, up to depth and limit', async () => {
    server = await startFakePageServer({
      '/docs': page('Home', [
        '/docs/a',
        '/docs/b#part',
        '/blog/x',
        'https://other.example/docs/c',
        '/docs/a',
      ]),
      '/docs/a': page('A', ['/docs/deep', '/docs', '/docs/b']),
      '/docs/b': page('B', ['/docs/a']),
      '/docs/deep': page('Deep', []),
    });
    const reader = createReader({ allowHosts: [server.host] });
    const oneLevel = await deepRead(reader, { url: `${server.origin}/docs`, pattern: '/docs/' });
    expect(oneLevel.map((source) => source.title)).toEqual(['Home', 'A', 'B']);

    const twoLevels = await deepRead(reader, { url: `${server.origin}/docs`, pattern: /\/docs\//, depth: 2 });
    expect(twoLevels.map((source) => source.title)).toEqual(['Home', 'A', 'B', 'Deep']);
    expect(server.requests.filter((request) => request.path === '/docs/a')).toHaveLength(1);
    expect(server.requests.some((request) => request.path.startsWith('/blog'))).toBe(false);

    const limited = await deepRead(reader, { url: `${server.origin}/docs`, depth: 2, limit: 2 });
    expect(limited).toHaveLength(2);
  });

  it('follows links the main content drops (a documentation sidebar)', async () => {
    const prose =
      '<p>Install the tool, configure it and run it; this page explains each step at length.</p>'.repeat(6);
    const withSidebar = (title: string) =>
      `<html><head><title>${title}</title></head><body><nav class="sidebar"><ul><li><a href="/guide/install">Install</a></li><li><a href="/guide/configure">Configure</a></li></ul></nav><main><h1>${title}</h1>${prose}</main></body></html>`;
    server = await startFakePageServer({
      '/guide': withSidebar('Guide'),
      '/guide/install': withSidebar('Install'),
      '/guide/configure': withSidebar('Configure'),
    });
    const reader = createReader({ allowHosts: [server.host] });
    const sources = await deepRead(reader, { url: `${server.origin}/guide`, pattern: '/guide/' });
    expect(sources[0]?.markdown).not.toContain('/guide/install');
    expect(sources.map((source) => source.title)).toEqual(['Guide', 'Install', 'Configure']);
  });

  it('caps concurrency and reports pages that fail without stopping', async () => {
    const links = Array.from({ length: 8 }, (_, index) => `https://site.test/p${index}`);
    let running = 0;
    let peak = 0;
    const reader: Reader = {
      async read(url) {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        if (url.endsWith('p3')) throw new Error('boom');
        const markdown = url.endsWith('/start') ? links.map((link) => `[x](${link})`).join('\n') : '';
        return { url, finalUrl: url, title: url, markdown } as Source;
      },
    };
    const failed: string[] = [];
    const sources = await deepRead(reader, {
      url: 'https://site.test/start',
      concurrency: 3,
      limit: 20,
      onError: (url) => failed.push(url),
    });
    expect(peak).toBeLessThanOrEqual(3);
    expect(sources).toHaveLength(8);
    expect(failed).toEqual(['https://site.test/p3']);
  });
});
