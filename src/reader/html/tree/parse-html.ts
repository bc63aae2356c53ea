import { Parser, type Tokenizer } from 'htmlparser2';
import { Document } from './document.js';
import { Element, type ParentNode, Text } from './node.js';
import { makeOpenTagsLinear } from './open-tag-stack.js';
import { SkippingTokenizer } from './skipping-tokenizer.js';

/**
 * How deep elements nest at most; deeper ones become children of the element at this depth, as in
 * a browser (Blink's parser stops at 512). The reader walks the tree recursively, and a page of
 * 100,000 nested `<div>`s would otherwise overflow the stack.
 */
export const MAX_TREE_DEPTH = 512;

/**
 * Parses HTML into a tree with htmlparser2, whose parser closes elements the way HTML implies
 * (`<p>` before a block, `<li>` before the next, void elements at once) but builds the tree as
 * written otherwise (no `<html>` or `<body>` added, tables as written: see `parseDocument`).
 * Entities are decoded, attribute names lower-cased (as a browser does), adjacent text joined into
 * one node, and comments, doctypes and processing instructions left out. Never throws.
 */
export function parseHtml(html: string): Document {
  const document = new Document();
  let current: ParentNode = document;
  let depth = 0;
  // Elements opened past MAX_TREE_DEPTH: their closing tags do not move `current` up.
  let flattened = 0;
  // The element whose opening tag is being read: its attributes come one by one after its name.
  let opening: Element | undefined;
  const parser = new Parser(
    {
      // The element is made at its name and given its attributes as they come, rather than from
      // the object of them htmlparser2 builds when asked (`onopentag`), which costs more.
      onopentagname(name) {
        const element = current.appendChild(new Element(name));
        opening = element;
        if (depth < MAX_TREE_DEPTH) {
          current = element;
          depth++;
        } else if (flattened++ === 0) {
          // The tree stops nesting here, but htmlparser2 still tracks every open tag, at a cost
          // that grows with their number unless its stack is made linear.
          makeOpenTagsLinear(parser);
        }
      },
      onattribute(name, value) {
        opening?.addAttribute(name, value);
      },
      onclosetag() {
        if (flattened > 0) flattened--;
        else {
          current = current.parentNode ?? document;
          depth--;
        }
      },
      ontext(data) {
        const last = current.lastChild;
        if (last instanceof Text) last.data += data;
        else current.appendChild(new Text(data));
      },
      onend() {
        // A tag the page ends inside (`<div class="a`) is no element, as htmlparser2 reads it: its
        // name was read (`tagname` is cleared when a tag is complete) but it never opened.
        if (opening !== undefined && (parser as unknown as { tagname: string }).tagname !== '')
          opening.remove();
      },
    },
    {
      decodeEntities: true,
      lowerCaseAttributeNames: true,
      // Text and attribute values are read a stretch at a time (see `SkippingTokenizer`).
      Tokenizer: SkippingTokenizer as unknown as typeof Tokenizer,
    },
  );
  parser.end(html);
  return document;
}
