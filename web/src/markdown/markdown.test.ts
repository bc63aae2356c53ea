import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './index.js';

describe('parseInline', () => {
  it('turns [n] and [^n] citation markers into citation nodes', () => {
    expect(parseInline('Tall [1], new [^2] and both [1, 2].')).toEqual([
      { kind: 'text', text: 'Tall ' },
      { kind: 'citation', number: 1 },
      { kind: 'text', text: ', new ' },
      { kind: 'citation', number: 2 },
      { kind: 'text', text: ' and both ' },
      { kind: 'citation', number: 1 },
      { kind: 'citation', number: 2 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps HTML as text so it can never become markup', () => {
    expect(parseInline('<img src=x onerror=alert(1)> <b>bold</b>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> <b>bold</b>' },
    ]);
  });

  it('links only http(s) and mailto targets; a javascript: link is plain text', () => {
    expect(parseInline('[site](https://example.org/a) [bad](javascript:alert%281%29)')).toEqual([
      { kind: 'link', href: 'https://example.org/a', children: [{ kind: 'text', text: 'site' }] },
      { kind: 'text', text: ' ' },
      { kind: 'text', text: 'bad' },
    ]);
  });

  it('parses strong, emphasis, code and bare URLs, leaving snake_case alone', () => {
    expect(parseInline('**a** *b* `c*d` snake_case_name https://x.org/p.')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'a' }] },
      { kind: 'text', text: ' ' },
      { kind: 'emphasis', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c*d' },
      { kind: 'text', text: ' snake_case_name ' },
      { kind: 'link', href: 'https://x.org/p', children: [{ kind: 'text', text: 'https://x.org/p' }] },
      { kind: 'text', text: '.' },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('parses a report: headings, paragraphs, lists, code, quotes, tables and rules', () => {
    const blocks = parseMarkdown(
      [
        '# Report',
        '',
        'First line',
        'second line [1].',
        '',
        '- one',
        '- two',
        '  continued',
        '',
        '2. second',
        '3. third',
        '',
        '```ts',
        'const a = "<b>";',
        '```',
        '> quoted',
        '',
        '| A | B |',
        '|---|---|',
        '| 1 | 2 |',
        '',
        '---',
      ].join('\n'),
    );
    expect(blocks.map((block) => block.kind)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'code',
      'quote',
      'table',
      'rule',
    ]);
    expect(blocks[2]).toMatchObject({
      ordered: false,
      items: [[{ text: 'one' }], [{ text: 'two continued' }]],
    });
    expect(blocks[3]).toMatchObject({ ordered: true, start: 2 });
    expect(blocks[4]).toEqual({ kind: 'code', language: 'ts', text: 'const a = "<b>";' });
    expect(blocks[6]).toMatchObject({
      header: [[{ text: 'A' }], [{ text: 'B' }]],
      rows: [[[{ text: '1' }], [{ text: '2' }]]],
    });
  });

  it('treats raw HTML blocks as paragraph text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });
});
