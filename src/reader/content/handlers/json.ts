import { decodeText } from '../charset/index.js';
import { titleFromUrl } from './title.js';
import type { ContentHandler } from './types.js';

function titleOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const title = record.title ?? record.name;
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : undefined;
}

/** JSON: pretty-printed in a fenced code block; title from a top-level `title`/`name` field. */
export const jsonHandler: ContentHandler = {
  mediaTypes: ['application/json', 'text/json'],
  async extract(input) {
    const raw = decodeText(input.bytes, {
      headerCharset: input.mediaType.charset ?? 'utf-8',
      url: input.url,
    });
    let value: unknown;
    let text: string;
    try {
      value = JSON.parse(raw);
      text = JSON.stringify(value, null, 2);
    } catch {
      // Servers mislabel text as JSON often enough; show it as it came rather than fail the read.
      text = raw.trim();
    }
    const fence = text.includes('```') ? '````' : '```';
    return {
      title: titleOf(value) ?? titleFromUrl(input.url),
      markdown: `${fence}json\n${text}\n${fence}`,
      text,
    };
  },
};
