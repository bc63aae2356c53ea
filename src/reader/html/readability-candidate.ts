import { createRequire } from 'node:module';
import { rubyAnnotationTags } from './boilerplate.js';
import { contentRootOf, parseDocument } from './parse.js';
import { type Element, htmlOf } from './tree/index.js';

type Linkedom = typeof import('linkedom');
type ReadabilityModule = typeof import('@mozilla/readability');

/**
 * linkedom and Readability, loaded the first time a second opinion is asked (loading them takes
 * longer than reading a page, and most pages never ask). `require` keeps the extraction
 * synchronous, as its callers are.
 */
let peer: { parseHTML: Linkedom['parseHTML']; Readability: ReadabilityModule['Readability'] } | undefined;

function loadPeer(): NonNullable<typeof peer> {
  if (!peer) {
    const require = createRequire(import.meta.url);
    peer = {
      parseHTML: (require('linkedom') as Linkedom).parseHTML,
      Readability: (require('@mozilla/readability') as ReadabilityModule).Readability,
    };
  }
  return peer;
}

/**
 * Readability removes scripts and styles before it reads a page, so they need not be parsed twice;
 * it reads the page's JSON-LD for its title and byline, which steer what it removes, so that stays.
 * A ruby's readings go too: our own text is a ruby's base text (`rubyAnnotationTags`), and so is its.
 */
function isLeftOut(element: Element): boolean {
  if (element.localName === 'style' || rubyAnnotationTags.has(element.localName)) return true;
  return element.localName === 'script' && !/ld\+json/i.test(element.getAttribute('type') ?? '');
}

/**
 * @mozilla/readability's choice of the page's content, as an element of our own tree; undefined
 * when it finds none. Readability needs a whole DOM (it reads styles and rewrites markup), so it
 * reads the page as we parsed and repaired it, handed to linkedom as HTML, and its choice comes
 * back the same way. Readability failing is not our failure: the page keeps our own candidate.
 */
export function readabilityContentOf(html: string): Element | undefined {
  const { parseHTML, Readability } = loadPeer();
  try {
    const { document } = parseHTML(htmlOf(parseDocument(html), isLeftOut));
    // One attempt: below its `charThreshold` Readability re-parses the page and tries again up to
    // three times with its cleaning relaxed, which would triple the cost on exactly these pages; a
    // candidate under MIN_SECOND_TEXT is refused anyway. (0 would mean its default, 500.)
    const article = new Readability(document as unknown as globalThis.Document, {
      charThreshold: 1,
      serializer: (node) => (node as globalThis.Element).outerHTML,
    }).parse();
    const content = article?.content;
    if (typeof content !== 'string' || content === '') return undefined;
    return contentRootOf(parseDocument(content)).firstElementChild ?? undefined;
  } catch {
    // Readability throws on some odd trees; our own candidate stands.
    return undefined;
  }
}
