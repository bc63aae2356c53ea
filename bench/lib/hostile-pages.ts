/**
 * Hostile pages for the reader's linearity checks: each shape is a unit of markup repeated until the
 * page reaches a size in bytes, so a reader that is linear takes twice the time for twice the size.
 * The shapes are what web content can throw at a parser and its walks: deep nesting of each common
 * tag, long chains of empty wrappers, thousands of siblings, look-alike items, huge tables, long
 * attribute values, and many ids that other elements point at (`aria-controls`, `href="#id"`).
 */

/** A hostile page's shape: its name and the page it makes of about `bytes` bytes. */
export interface HostileShape {
  name: string;
  make: (bytes: number) => string;
}

const words = 'the harbour plan was discussed at length and everyone agreed it needed careful study';

/** A sentence of prose, numbered so that no two units read alike. */
const sentence = (index: number) => `Item ${index}: ${words}.`;

/** Repeats `unit(index)` until the joined parts reach `bytes`, and wraps them in a page. */
function fill(bytes: number, unit: (index: number) => string, before = '', after = ''): string {
  const parts: string[] = [];
  let length = before.length + after.length;
  for (let index = 0; length < bytes; index++) {
    const part = unit(index);
    parts.push(part);
    length += part.length;
  }
  return page(`${before}${parts.join('')}${after}`);
}

const page = (body: string) =>
  `<html><head><title>Hostile page</title><meta property="og:type" content="article"></head><body>${body}</body></html>`;

/** Chains `depth` levels of `open`/`close` with a word at each level, repeated to the size. */
const nested = (open: string, close: string, depth: number) => (bytes: number) =>
  fill(
    bytes,
    (index) => `${`${open}w${index} `.repeat(depth)}<p>${sentence(index)}</p>${close.repeat(depth)}`,
  );

/** One chain of `open` as deep as the size allows, an article's paragraph at its bottom. */
const oneChain = (open: string, close: string) => (bytes: number) => {
  const depth = Math.floor(bytes / (open.length + close.length));
  return page(
    `<article><h1>Harbour</h1>${open.repeat(depth)}<p>${sentence(0)}</p>${close.repeat(depth)}</article>`,
  );
};

export const HOSTILE_SHAPES: HostileShape[] = [
  { name: 'div chain', make: oneChain('<div>', '</div>') },
  { name: 'div 5000 deep', make: nested('<div>', '</div>', 5000) },
  { name: 'span 5000 deep', make: nested('<span>', '</span>', 5000) },
  { name: 'list 3000 deep', make: nested('<ul><li>', '</li></ul>', 3000) },
  {
    name: 'link lists 3000 deep',
    make: (bytes) =>
      fill(
        bytes,
        (index) =>
          `${Array.from({ length: 3000 }, (_, level) => `<ul><li><a href="/s/${index}/${level}">Section ${level}</a> `).join('')}${'</li></ul>'.repeat(3000)}`,
      ),
  },
  { name: 'section 500 deep', make: nested('<section>', '</section>', 500) },
  {
    name: 'teaser sections 500 deep',
    make: nested('<section><h3>Related stories</h3><p>More</p>', '</section>', 500),
  },
  { name: 'blockquote 500 deep', make: nested('<blockquote>', '</blockquote>', 500) },
  { name: 'article 500 deep', make: nested('<article>', '</article>', 500) },
  { name: 'details 500 deep', make: nested('<details><summary>More</summary>', '</details>', 500) },
  { name: 'aside 500 deep', make: nested('<aside class="box">', '</aside>', 500) },
  { name: 'form 500 deep', make: nested('<form><input name="q">', '</form>', 500) },
  { name: 'dl 500 deep', make: nested('<dl><dt>Term</dt><dd>', '</dd></dl>', 500) },
  { name: 'unclosed b i', make: (bytes) => fill(bytes, (index) => `<b>${index} <i>${sentence(index)} `) },
  {
    name: 'card links 500 deep',
    make: nested('<a href="/card"><div class="card">', '</div></a>', 500),
  },
  { name: 'link 500 deep', make: nested('<a href="/x">', '</a>', 500) },
  { name: 'table 200 deep', make: nested('<table><tr><td>', '</td></tr></table>', 200) },
  {
    name: 'empty wrappers 100',
    make: (bytes) =>
      fill(
        bytes,
        (index) =>
          `${'<div>'.repeat(100)}<p>${sentence(index)} <a href="/i/${index}">more</a></p>${'</div>'.repeat(100)}`,
      ),
  },
  {
    name: 'nested empty wrappers',
    make: (bytes) =>
      fill(
        bytes,
        (index) => `<div>${'<div class="w">'.repeat(50)}<p>${sentence(index)}</p>${'</div>'.repeat(50)}`,
      ),
  },
  {
    name: 'paragraph siblings',
    make: (bytes) => fill(bytes, (index) => `<p>${sentence(index)}</p>`, '<article>', '</article>'),
  },
  { name: 'div siblings', make: (bytes) => fill(bytes, (index) => `<div>w${index}</div>`) },
  {
    name: 'link siblings',
    make: (bytes) => fill(bytes, (index) => `<a href="/l/${index}">link ${index}</a> `),
  },
  {
    name: 'list items',
    make: (bytes) => fill(bytes, (index) => `<li>${sentence(index)}</li>`, '<ul>', '</ul>'),
  },
  {
    name: 'headings',
    make: (bytes) => fill(bytes, (index) => `<h2>Part ${index}</h2><p>${sentence(index)}</p>`),
  },
  {
    name: 'look-alike cards',
    make: (bytes) =>
      fill(
        bytes,
        (index) =>
          `<div class="card"><h3><a href="/story/${index}">Story ${index} about the harbour</a></h3><p>${sentence(index)}</p><span class="date">3 Dec</span></div>`,
        '<div class="cards">',
        '</div>',
      ),
  },
  {
    name: 'comment blocks',
    make: (bytes) =>
      fill(
        bytes,
        (index) =>
          `<div class="comment" id="c${index}"><span class="author">user${index}</span><p>${sentence(index)}</p></div>`,
        '<article><p>A short story.</p></article><section class="comments">',
        '</section>',
      ),
  },
  {
    name: 'huge table',
    make: (bytes) =>
      fill(
        bytes,
        (index) =>
          `<tr>${Array.from({ length: 8 }, (_, cell) => `<td>r${index}c${cell}</td>`).join('')}</tr>`,
        '<table><tbody>',
        '</tbody></table>',
      ),
  },
  {
    name: 'long attributes',
    make: (bytes) =>
      fill(
        bytes,
        (index) =>
          `<div class="${'c x-'.repeat(2000)}${index}" style="${'color:red;'.repeat(500)}"><p>${sentence(index)}</p></div>`,
      ),
  },
  {
    name: 'one long attribute',
    make: (bytes) => page(`<div class="${'a '.repeat(bytes / 2)}"><p>${sentence(0)}</p></div>`),
  },
  {
    name: 'ids and aria-controls',
    make: (bytes) =>
      fill(
        bytes,
        (index) =>
          `<button aria-controls="p${index} p${index + 1}" aria-expanded="false">Tab ${index}</button><div id="p${index}" role="tabpanel" hidden><p>${sentence(index)}</p></div><a href="#p${index}">to ${index}</a>`,
      ),
  },
  {
    name: 'hidden blocks',
    make: (bytes) =>
      fill(
        bytes,
        (index) => `<div style="display:none"><p>${sentence(index)}</p></div><div hidden>w${index}</div>`,
      ),
  },
];
