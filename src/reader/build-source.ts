import { createHash } from 'node:crypto';
import type { ExtractedContent } from './content/index.js';
import { splitPassages } from './passages.js';
import type { Source } from './types.js';

/** Assembles a `Source` from extracted content: passages, content hash and fetch time. */
export function buildSource(options: {
  url: string;
  finalUrl: string;
  content: ExtractedContent;
  fetchedAt?: Date;
}): Source {
  const { content } = options;
  const source: Source = {
    url: options.url,
    finalUrl: options.finalUrl,
    title: content.title,
    contentType: content.mediaType.essence,
    markdown: content.markdown,
    text: content.text,
    passages: splitPassages(content.text),
    contentHash: createHash('sha256').update(content.text).digest('hex'),
    fetchedAt: (options.fetchedAt ?? new Date()).toISOString(),
  };
  if (content.byline) source.byline = content.byline;
  if (content.publishedAt) source.publishedAt = content.publishedAt;
  if (content.lang) source.lang = content.lang;
  if (content.siteName) source.siteName = content.siteName;
  if (content.links && content.links.length > 0) source.links = content.links;
  if (content.images && content.images.length > 0) source.images = content.images;
  return source;
}
