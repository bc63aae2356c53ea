import { decodeText } from '../charset/index.js';
import { firstLine, titleFromUrl } from './title.js';
import type { ContentHandler } from './types.js';

/** Markdown with its syntax removed, so quotes can be checked against the words a reader sees. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function frontMatterTitle(markdown: string): string | undefined {
  const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(markdown)?.[1];
  const title = frontMatter && /^title:\s*(.+)$/m.exec(frontMatter)?.[1];
  return title ? title.trim().replace(/^["']|["']$/g, '') : undefined;
}

/** Markdown: kept as is; title from front matter or the first `#` heading. */
export const markdownHandler: ContentHandler = {
  mediaTypes: ['text/markdown', 'text/x-markdown'],
  async extract(input) {
    const markdown = decodeText(input.bytes, { headerCharset: input.mediaType.charset, url: input.url })
      .replace(/\r\n?/g, '\n')
      .trim();
    const heading = /^#\s+(.+?)\s*#*$/m.exec(markdown)?.[1];
    const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
    const text = markdownToText(body);
    const title = frontMatterTitle(markdown) ?? heading ?? firstLine(text) ?? titleFromUrl(input.url);
    return { title, markdown: body.trim(), text };
  },
};
