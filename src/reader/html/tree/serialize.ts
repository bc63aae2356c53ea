import { Element, type Node, type ParentNode, Text } from './node.js';

/** Elements written without an end tag. */
const voidTags = new Set(
  'area base br col embed hr img input keygen link meta param source track wbr'.split(' '),
);

/** Elements whose text the parser reads raw: written as it is, without escapes. */
const rawTextTags = new Set('script style xmp iframe noembed noframes plaintext'.split(' '));

/**
 * The HTML of a node itself, as `outerHTML` writes it: parsing it again builds the same tree.
 * Elements `leaveOut` picks are not written, with all they hold.
 */
export function htmlOf(node: Node, leaveOut: (element: Element) => boolean = () => false): string {
  const parts: string[] = [];
  write(node, leaveOut, parts);
  return parts.join('');
}

function write(node: Node, leaveOut: (element: Element) => boolean, parts: string[]): void {
  if (node instanceof Text) {
    const parent = node.parentElement;
    parts.push(parent !== null && rawTextTags.has(parent.localName) ? node.data : escapeText(node.data));
    return;
  }
  if (node instanceof Element) {
    if (leaveOut(node)) return;
    parts.push(`<${node.localName}`);
    for (const { name, value } of node.attributes) parts.push(` ${name}="${escapeAttribute(value)}"`);
    parts.push('>');
    if (voidTags.has(node.localName)) return;
  }
  for (let child = (node as ParentNode).firstChild; child !== null; child = child.nextSibling)
    write(child, leaveOut, parts);
  if (node instanceof Element) parts.push(`</${node.localName}>`);
}

function escapeText(text: string): string {
  return text.replace(/[&<>\u00a0]/g, (character) => entities[character]!);
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"\u00a0]/g, (character) => entities[character]!);
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\u00a0': '&nbsp;',
};
