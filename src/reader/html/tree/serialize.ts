import { Element, type Node, type ParentNode, Text } from './node.js';

/** Elements written without an end tag. */
const voidTags = new Set(
  'area base br col embed hr img input keygen link meta param source track wbr'.split(' '),
);

/** Elements whose text the parser reads raw: written as it is, without escapes. */
const rawTextTags = new Set('script style xmp iframe noembed noframes plaintext'.split(' '));

/** The HTML of a node's children, as `innerHTML` writes it: parsing it again builds the same tree. */
export function innerHtmlOf(node: ParentNode): string {
  let html = '';
  for (let child = node.firstChild; child !== null; child = child.nextSibling) html += htmlOf(child);
  return html;
}

/** The HTML of a node itself, as `outerHTML` writes it. */
export function htmlOf(node: Node): string {
  if (node instanceof Text) {
    const parent = node.parentElement;
    return parent !== null && rawTextTags.has(parent.localName) ? node.data : escapeText(node.data);
  }
  if (!(node instanceof Element)) return innerHtmlOf(node as ParentNode);
  const start = `<${node.localName}${attributesOf(node)}>`;
  return voidTags.has(node.localName) ? start : `${start}${innerHtmlOf(node)}</${node.localName}>`;
}

function attributesOf(element: Element): string {
  let html = '';
  for (const { name, value } of element.attributes) html += ` ${name}="${escapeAttribute(value)}"`;
  return html;
}

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/\u00a0/g, '&nbsp;');
}
