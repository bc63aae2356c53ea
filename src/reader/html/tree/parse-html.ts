import { Parser } from 'htmlparser2';
import { Document } from './document.js';
import { Element, type ParentNode, Text } from './node.js';

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
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        current = current.appendChild(new Element(name, attributes));
      },
      onclosetag() {
        current = current.parentNode ?? document;
      },
      ontext(data) {
        const last = current.lastChild;
        if (last instanceof Text) last.data += data;
        else current.appendChild(new Text(data));
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return document;
}
