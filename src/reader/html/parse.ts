import { isElement, isText, tagOf } from './dom.js';
import { elementsByTag, forgetPageIndex } from './page-index.js';
import { repairTables } from './table-repair.js';
import { type Document, Element, type Node, parseHtml } from './tree/index.js';

/** A parsed page: its `<html>` element holds one `<body>` with all the visible content. */
export interface PageDocument extends Document {
  readonly documentElement: Element;
}

/**
 * Parses HTML into a document that always has an `<html>` element with one `<body>` holding all
 * visible content. htmlparser2 builds the tree as written rather than by the HTML standard's
 * rules, so content it misplaces is moved where a browser puts it: into the body (see
 * `repairTree`), and so are rows and text misplaced in tables (see `repairTables`). Never throws on broken markup.
 */
export function parseDocument(html: string): PageDocument {
  const source = withoutBogusCdata(html.replace(/^\uFEFF/, ''));
  let document = parseHtml(source);
  if (!document.documentElement || tagOf(document.documentElement) !== 'html') {
    // Without an `<html>` tag the first element is the document element (none for empty input).
    document = parseHtml(`<html><head></head><body>${source}</body></html>`);
  }
  const page = document as PageDocument;
  // The repairs find what they mend in the page index; moving content into the body keeps the
  // elements' order, so the index outlives them unless an element went or a table's content moved.
  const treeChanged = repairTree(page);
  if (repairTables(elementsByTag(page, 'table')) || treeChanged) forgetPageIndex(page);
  return page;
}

/** The element that holds the page's visible content: the `<body>` (`parseDocument` guarantees one). */
export function contentRootOf(document: PageDocument): Element {
  return document.querySelector('body') ?? document.documentElement;
}

/** Elements that belong in `<head>`; any other element there starts the body, as in a browser. */
const headTags = new Set(['title', 'meta', 'link', 'style', 'script', 'base', 'noscript', 'template']);

/**
 * Moves content to where the HTML standard puts it: elements or text that open the body inside
 * `<head>` (pages without a `<body>` tag), anything between `</head>` and `<body>`, after `</body>`
 * or after `</html>`, and the content of second `<body>` tags all end up in the one body. Returns
 * whether an element was added or removed.
 */
function repairTree(document: PageDocument): boolean {
  const html = document.documentElement;
  // A second `<html>` or `<body>` tag only adds its attributes; its content stays where it is.
  const extraRoots = elementsByTag(document, 'html').filter((element) => element !== html);
  for (const extra of extraRoots) unwrapInto(html, extra);
  const bodies = elementsByTag(document, 'body');
  let body = bodies.find((candidate) => candidate.parentElement === html) ?? bodies[0];
  const created = !body;
  if (!body) {
    body = html.appendChild(new Element('body'));
  }
  for (const extra of bodies) if (extra !== body) unwrapInto(body, extra);
  const before: Node[] = [];
  const after: Node[] = [];
  const head = html.children.find((child) => tagOf(child) === 'head');
  if (head && !head.contains(body)) {
    let inBody = false;
    for (const node of head.childNodes) {
      inBody ||= isElement(node) ? !headTags.has(tagOf(node)) : isText(node) && node.data.trim() !== '';
      if (inBody) before.push(node);
    }
  }
  let seenBody = false;
  for (const node of html.childNodes) {
    if (node === body || node.contains(body)) seenBody = true;
    else if (node !== head) (seenBody ? after : before).push(node);
  }
  for (let node = html.nextSibling; node; node = node.nextSibling) after.push(node);
  if (before.length > 0) body.prepend(...before);
  if (after.length > 0) body.append(...after);
  // Whether an element went or came (the moves above keep the elements' order).
  return created || extraRoots.length > 0 || bodies.length > 1;
}

/** Replaces `extra` with its children, giving `target` the attributes it lacks. */
function unwrapInto(target: Element, extra: Element): void {
  for (const attribute of extra.attributes) {
    if (!target.hasAttribute(attribute.name)) target.setAttribute(attribute.name, attribute.value);
  }
  extra.replaceWith(...extra.childNodes);
}

/**
 * Outside foreign content a browser reads `<![CDATA[` as a bogus comment that ends at the next `>`;
 * htmlparser2 reads on to `]]>`, which on some pages swallows the whole body. Such openers are
 * rewritten as empty comments, leaving those inside scripts, styles and comments alone.
 */
function withoutBogusCdata(html: string): string {
  // Past the last opener there is nothing to rewrite: the rest is copied as it is. (htmlparser2 reads
  // an opener in other case as a declaration that ends at the next `>`, as the rewriting does.)
  const lastOpener = html.lastIndexOf('<![CDATA[');
  if (lastOpener === -1) return html;
  const pattern = /<!--[\s\S]*?-->|<(script|style|textarea|title|xmp|svg|math)\b[^>]*>|<!\[CDATA\[[^>]*>/gi;
  // Closing tags are searched for in place: a lower-cased copy of a large page costs more.
  const closers = new Map<string, RegExp>();
  let result = '';
  let copiedUpTo = 0;
  for (let match = pattern.exec(html); match && match.index <= lastOpener; match = pattern.exec(html)) {
    const rawTextTag = match[1]?.toLowerCase();
    if (rawTextTag) {
      let closer = closers.get(rawTextTag);
      if (!closer) {
        closer = new RegExp(`</${rawTextTag}`, 'gi');
        closers.set(rawTextTag, closer);
      }
      closer.lastIndex = pattern.lastIndex;
      const end = closer.exec(html)?.index ?? -1;
      pattern.lastIndex = end === -1 ? html.length : end;
    } else if (match[0].startsWith('<![CDATA[')) {
      result += `${html.slice(copiedUpTo, match.index)}<!---->`;
      copiedUpTo = pattern.lastIndex;
    }
  }
  return result + html.slice(copiedUpTo);
}
