import { describe, expect, it } from 'vitest';
import { linksInMarkdown } from './links.js';

describe('linksInMarkdown', () => {
  it('finds links and autolinks, resolves them, skips images, fragments and other schemes', () => {
    const markdown = [
      '[one](/a) and [two](https://b.test/x "Title") and <https://c.test/y>',
      '![image](/img.png) [mail](mailto:a@b.test) [again](/a#frag) [angle](<../z q>)',
    ].join('\n');
    expect(linksInMarkdown(markdown, 'https://site.test/dir/page')).toEqual([
      'https://site.test/a',
      'https://b.test/x',
      'https://c.test/y',
    ]);
  });
});
