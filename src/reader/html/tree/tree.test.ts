import { describe, expect, it } from 'vitest';
import { Element, htmlOf, MAX_TREE_DEPTH, parseHtml, Text } from './index.js';

const bodyOf = (html: string) => parseHtml(`<html><body>${html}</body></html>`).querySelector('body')!;

describe('parseHtml', () => {
  it('closes what HTML implies closed, decodes entities and joins adjacent text', () => {
    const body = bodyOf('<p>One &amp; <b>two</b><p>Three &lt;4&gt;<br>five<ul><li>a<li>b</ul>');
    const paragraphs = body.querySelectorAll('p');
    expect(paragraphs.map((paragraph) => paragraph.textContent)).toEqual(['One & two', 'Three <4>five']);
    expect(paragraphs[0]!.firstChild).toBeInstanceOf(Text);
    expect((paragraphs[0]!.firstChild as Text).data).toBe('One & ');
    expect(body.querySelectorAll('li').map((item) => item.textContent)).toEqual(['a', 'b']);
  });

  it('lower-cases tag and attribute names, keeps the first of repeated attributes, skips comments', () => {
    const body = bodyOf('<DIV CLASS="a" class="b" Data-X="1"><!-- hidden -->text</DIV>');
    const div = body.firstElementChild!;
    expect(div.localName).toBe('div');
    expect(div.getAttribute('class')).toBe('a');
    expect(div.getAttribute('data-x')).toBe('1');
    expect(div.childNodes).toHaveLength(1);
    expect(div.getAttribute('constructor')).toBeNull();
  });

  it('reads attributes as a browser keeps them: the first of a name, in order, none from a tag the page ends inside', () => {
    const body = bodyOf('<p a="1" 2="two" a="3" __proto__="x" b>text</p><div class="cut');
    const paragraph = body.firstElementChild!;
    expect(paragraph.getAttribute('a')).toBe('1');
    expect(paragraph.hasAttribute('b')).toBe(true);
    expect(paragraph.getAttribute('b')).toBe('');
    expect(paragraph.hasAttribute('__proto__')).toBe(false);
    // Names that are array indices first, as an object of them lists its keys.
    expect(paragraph.attributes.map(({ name }) => name)).toEqual(['2', 'a', 'b']);
    expect(body.children.map((child) => child.localName)).toEqual(['p']);
    paragraph.setAttribute('a', '4');
    paragraph.setAttribute('c', '5');
    expect(htmlOf(paragraph)).toBe('<p 2="two" a="4" b="" c="5">text</p>');
  });

  it('finds attributes by name on an element with thousands of them', () => {
    const count = 20_000;
    const names = Array.from({ length: count }, (_, index) => `data-n${index}="${index}"`).join(' ');
    const div = bodyOf(`<div ${names} data-n7="again">x</div>`).firstElementChild!;
    expect(div.getAttribute('data-n7')).toBe('7');
    expect(div.getAttribute(`data-n${count - 1}`)).toBe(String(count - 1));
    expect(div.attributes).toHaveLength(count);
  });

  it('nests elements no deeper than a browser does, keeping what is deeper and what follows in place', () => {
    const levels = 20_000;
    const body = bodyOf(`${'<div>'.repeat(levels)}<b>deep</b> text${'</div>'.repeat(levels)}<p>after</p>`);
    // The element opened at the limit holds every deeper one as its child, in order.
    const bold = body.querySelector('b')!;
    let ancestors = 0;
    for (let node = bold.parentElement; node; node = node.parentElement) ancestors++;
    expect(ancestors).toBe(MAX_TREE_DEPTH);
    expect(bold.parentElement!.textContent).toBe('deep text');
    expect(body.children.map((child) => child.localName)).toEqual(['div', 'p']);
    expect(body.children.at(-1)!.textContent).toBe('after');
  });

  it('parses a page nested 200,000 deep without ever moving its long list of open tags', () => {
    const levels = 200_000;
    const html = `<html><body>${'<div>'.repeat(levels)}<i>deep</i> <b>words</b> <br>kept${'</div>'.repeat(levels)}<p>after</p></body></html>`;
    // An array's shift and unshift move every element it holds: on the open tags of a deep page,
    // once per tag, that is work growing with the square of the depth. None may happen here.
    const long = { moves: 0 };
    const { shift, unshift } = Array.prototype;
    Array.prototype.shift = function (this: unknown[]) {
      if (this.length > 10_000) long.moves++;
      return shift.call(this);
    };
    Array.prototype.unshift = function (this: unknown[], ...items: unknown[]) {
      if (this.length > 10_000) long.moves++;
      return unshift.apply(this, items);
    };
    let document: ReturnType<typeof parseHtml>;
    try {
      document = parseHtml(html);
    } finally {
      Array.prototype.shift = shift;
      Array.prototype.unshift = unshift;
    }
    expect(long.moves).toBe(0);
    const body = document.querySelector('body')!;
    const bold = body.querySelector('b')!;
    let ancestors = 0;
    for (let node = bold.parentElement; node; node = node.parentElement) ancestors++;
    expect(ancestors).toBe(MAX_TREE_DEPTH);
    expect(bold.parentElement!.textContent).toBe('deep words kept');
    expect(body.children.map((child) => child.localName)).toEqual(['div', 'p']);
    expect(body.children.at(-1)!.textContent).toBe('after');
  }, 600_000);
});

describe('the tree', () => {
  it('moves a node it inserts from where it was, and keeps both lists of children in order', () => {
    const body = bodyOf('<div id="a"><p>1</p><p>2</p></div><div id="b"><p>3</p></div>');
    const [first, second] = body.children;
    const moved = first!.firstElementChild!;
    second!.insertBefore(moved, second!.firstChild);
    expect(first!.textContent).toBe('2');
    expect(second!.textContent).toBe('13');
    expect(moved.parentElement).toBe(second);
    second!.append(new Text('4'));
    second!.prepend(new Element('hr'));
    expect(second!.childNodes.map((node) => node.textContent)).toEqual(['', '1', '3', '4']);
    expect(second!.lastChild?.previousSibling?.textContent).toBe('3');
  });

  it('removes and replaces nodes, and normalize joins texts left side by side', () => {
    const body = bodyOf('<h2>Title <a href="?action=edit">[edit]</a> here</h2><div><span>a</span>b</div>');
    const heading = body.querySelector('h2')!;
    heading.querySelector('a')!.remove();
    expect(heading.childNodes).toHaveLength(2);
    heading.normalize();
    expect(heading.childNodes).toHaveLength(1);
    expect(heading.textContent).toBe('Title  here');
    const div = body.querySelector('div')!;
    div.replaceWith(...div.childNodes);
    expect(body.childNodes.map((node) => node.textContent)).toEqual(['Title  here', 'a', 'b']);
    expect(div.parentNode).toBeNull();
  });

  it('tells which of two nodes comes first and which holds the other', () => {
    const body = bodyOf('<div><p id="x">x</p></div><p id="y">y</p>');
    const x = body.querySelector('#x')!;
    const y = body.querySelector('#y')!;
    expect(x.compareDocumentPosition(y) & 4).toBe(4);
    expect(y.compareDocumentPosition(x) & 4).toBe(0);
    expect(body.compareDocumentPosition(x) & 16).toBe(16);
    expect(x.compareDocumentPosition(body) & 8).toBe(8);
    expect(body.contains(x)).toBe(true);
    expect(x.contains(body)).toBe(false);
    expect(x.compareDocumentPosition(new Element('p')) & 1).toBe(1);
  });
});

describe('selectors', () => {
  it('match as querySelectorAll does: descendants only, ancestors outside the root count', () => {
    const body = bodyOf(
      '<figure><div id="inner"><img id="one"><span><img id="two"></span></div></figure><img id="three">',
    );
    const inner = body.querySelector('#inner')!;
    expect(inner.querySelectorAll('figure img').map((image) => image.getAttribute('id'))).toEqual([
      'one',
      'two',
    ]);
    expect(inner.querySelector('div')).toBeNull();
    expect(body.querySelector('#two')!.closest('figure')?.localName).toBe('figure');
    expect(body.querySelector('#three')!.closest('figure')).toBeNull();
  });

  it('read attribute selectors, case-insensitive ones included', () => {
    const body = bodyOf(
      '<span class="mw-EditSection">e</span><a href="/w?ACTION=edit">x</a><div class="a carousel b">c</div><div class="carousels">d</div>',
    );
    expect(body.querySelectorAll('[class*="editsection" i]')).toHaveLength(1);
    expect(body.querySelectorAll('a[href*="action=edit" i]')).toHaveLength(1);
    expect(body.querySelectorAll('[class~="carousel"]').map((element) => element.textContent)).toEqual(['c']);
  });
});

describe('htmlOf', () => {
  it('writes HTML that parses back into the same tree, escaping text and attributes', () => {
    const html =
      '<div title="a &quot;b&quot; &amp; c"><p>1 &lt; 2 &amp;&nbsp;3</p><script>if (a < b && c) {}</script><img src="x.png"><br></div>';
    const div = bodyOf(html).firstElementChild!;
    const written = htmlOf(div);
    expect(written).toBe(html);
    const again = bodyOf(written).firstElementChild!;
    expect(again.getAttribute('title')).toBe('a "b" & c');
    expect(again.textContent).toBe(div.textContent);
  });

  it('leaves out the elements it is asked to, with what they hold', () => {
    const div = bodyOf('<div><p>Kept</p><script>var x = "<p>";</script><p>Also kept</p></div>')
      .firstElementChild!;
    expect(htmlOf(div, (element) => element.localName === 'script')).toBe(
      '<div><p>Kept</p><p>Also kept</p></div>',
    );
  });
});
