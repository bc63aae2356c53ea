import { describe, expect, it } from 'vitest';
import type { Reference, SourceImage } from '../../contract/index.js';
import type { Source } from '../../reader/index.js';
import { runImages } from './run-images.js';

const page = (url: string, images: SourceImage[], finalUrl = url): Source => ({
  url,
  finalUrl,
  title: `Page ${url.split('/').pop()}`,
  contentType: 'text/html',
  markdown: '',
  text: '',
  passages: [],
  contentHash: 'abc',
  fetchedAt: '2026-11-27T09:00:00.000Z',
  ...(images.length > 0 ? { images } : {}),
});
const image = (name: string): SourceImage => ({
  url: `https://img.example/${name}.jpg`,
  alt: `Picture ${name}`,
});
const reference = (url: string): Reference => ({ url, title: url, quote: 'q', verified: true });

describe('the images of a run', () => {
  it('puts the cited pages’ images first, in citation order, with the references citing each page', () => {
    const pages = [
      page('https://a.example/1', [image('a1'), image('a2')]),
      page('https://b.example/2', [image('b1')]),
      page('https://c.example/3', [image('c1')], 'https://c.example/3-moved'),
      page('https://d.example/4', []),
    ];
    const references = [
      reference('https://c.example/3-moved'),
      reference('https://d.example/4'),
      reference('https://b.example/2'),
      reference('https://c.example/3-moved'),
    ];
    expect(runImages(pages, references)).toEqual([
      { ...image('c1'), sourceUrl: 'https://c.example/3', sourceTitle: 'Page 3', references: [1, 4] },
      { ...image('b1'), sourceUrl: 'https://b.example/2', sourceTitle: 'Page 2', references: [3] },
      { ...image('a1'), sourceUrl: 'https://a.example/1', sourceTitle: 'Page 1' },
      { ...image('a2'), sourceUrl: 'https://a.example/1', sourceTitle: 'Page 1' },
    ]);
  });

  it('lists an image shared by several pages once and stops at the limit', () => {
    const pages = [
      page('https://a.example/1', [image('shared'), image('a1'), image('a2')]),
      page('https://b.example/2', [image('shared'), image('b1')]),
    ];
    const urls = runImages(pages, [reference('https://b.example/2')], 3).map((entry) => entry.url);
    expect(urls).toEqual([image('shared').url, image('b1').url, image('a1').url]);
  });

  it('is empty when no page read had images', () => {
    expect(runImages([page('https://a.example/1', [])], [reference('https://a.example/1')])).toEqual([]);
  });
});
