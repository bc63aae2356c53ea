import { Parser, type Tokenizer } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { SkippingTokenizer } from './skipping-tokenizer.js';

/** Every callback htmlparser2 makes while reading `html`, in order, with what it was given. */
function eventsOf(html: string, skipping: boolean, chunks = 1): string[] {
  const events: string[] = [];
  const record =
    (name: string) =>
    (...values: unknown[]) =>
      events.push(`${name} ${JSON.stringify(values)}`);
  const parser = new Parser(
    {
      onopentagname: record('open'),
      onattribute: record('attribute'),
      onopentag: record('opentag'),
      onclosetag: record('close'),
      ontext: record('text'),
      oncomment: record('comment'),
      oncdatastart: record('cdata'),
      onprocessinginstruction: record('instruction'),
      onend: record('end'),
    },
    {
      decodeEntities: true,
      lowerCaseAttributeNames: true,
      ...(skipping ? { Tokenizer: SkippingTokenizer as unknown as typeof Tokenizer } : {}),
    },
  );
  const size = Math.ceil(html.length / chunks);
  for (let start = 0; start < html.length; start += size) parser.write(html.slice(start, start + size));
  parser.end();
  return events;
}

/** A seeded generator, so a failure can be read again. */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const pieces = [
  '<div class="a b">',
  "<p id='x&amp;y'>",
  '<a href=/x?a=1&b=2>',
  '</div>',
  '</p>',
  'text ',
  ' & ',
  '&amp;',
  '&lt;',
  '&#169;',
  '&#x1F600;',
  '&notin;',
  '&not',
  '&',
  '<',
  '>',
  '"',
  "'",
  '<title>a &amp; b</title>',
  '<script>if (a < b && c) {}</script>',
  '<style>p > a { x: "&" }</style>',
  '<textarea>&lt;b&gt;</textarea>',
  '<!-- a < b & c -->',
  '<![CDATA[ x ]]>',
  '<?xml x?>',
  '<br/>',
  '<img alt="a &quot;b&quot; c" src=\'d\'>',
  '< b',
  '<a title="unclosed',
  'café ',
  '😀',
  '\n\t',
];

describe('SkippingTokenizer', () => {
  it('makes the callbacks htmlparser2 makes, on random mixes of text, entities, tags and values', () => {
    const random = randomOf(44);
    for (let round = 0; round < 3000; round++) {
      let html = '';
      const count = 1 + Math.floor(random() * 30);
      for (let index = 0; index < count; index++) html += pieces[Math.floor(random() * pieces.length)];
      const chunks = round % 5 === 0 ? 3 : 1;
      expect(eventsOf(html, true, chunks), html).toEqual(eventsOf(html, false, chunks));
    }
  });

  it('reads long text and values without an ampersand, and one only at the end', () => {
    const long = 'word '.repeat(20_000);
    for (const html of [
      `<p>${long}</p>`,
      `<p title="${long}">${long}&amp;</p>`,
      `<p>${long}&`,
      `<p title='${long}&x`,
    ])
      expect(eventsOf(html, true)).toEqual(eventsOf(html, false));
  });
});
