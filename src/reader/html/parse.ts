import { parseHTML } from 'linkedom';

/**
 * Parses HTML into a document that always has an `<html>` element and a `<body>`. linkedom makes the
 * first element the document element when `<html>` is missing and has no document element for empty
 * input, so such input is wrapped first. Never throws on broken markup.
 */
export function parseDocument(html: string): Document {
  const source = html.replace(/^\uFEFF/, '');
  const document = parseSafely(source);
  if (document?.documentElement && tagNameOf(document.documentElement) === 'html') return document;
  const wrapped = `<!DOCTYPE html><html><head></head><body>${source}</body></html>`;
  return (
    parseSafely(wrapped) ??
    (parseHTML('<!DOCTYPE html><html><body></body></html>').document as unknown as Document)
  );
}

/**
 * The element that holds the page's visible content: `<body>` when present, else the document
 * element. linkedom's `document.body` getter creates an empty body when `<head>` is not followed by
 * `<body>`, so the tree is searched instead.
 */
export function contentRootOf(document: Document): Element {
  return document.querySelector('body') ?? document.documentElement;
}

function parseSafely(html: string): Document | undefined {
  try {
    return parseHTML(html).document as unknown as Document;
  } catch {
    // linkedom can throw on pathological markup; the caller retries with wrapped markup.
    return undefined;
  }
}

function tagNameOf(element: Element): string {
  return element.tagName.toLowerCase();
}
