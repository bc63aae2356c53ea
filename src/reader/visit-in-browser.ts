import type { BlockedRequest, PageRenderer } from './browser/index.js';
import { APP_SHELL_TEXT_CHARS } from './constants.js';
import { type ExtractedContent, extractContent } from './content/index.js';
import type { FetchedResource } from './fetch/index.js';
import type { BrowserVisit } from './types.js';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** What a visit in the browser changed about a page read: its content, and what the run is told. */
export interface BrowserOutcome {
  content: ExtractedContent;
  visit: BrowserVisit;
  screenshot?: Uint8Array;
}

/**
 * Whether an extracted page is an app shell: its static HTML holds (almost) no main content, the
 * extractor's own verdict, whatever the site. Such a page's content is filled in by its scripts.
 */
export function isAppShell(content: ExtractedContent): boolean {
  return HTML_TYPES.has(content.mediaType.essence) && content.text.trim().length < APP_SHELL_TEXT_CHARS;
}

/**
 * Visits an HTML page in the browser when it is an app shell (its rendered DOM is read instead, when
 * that holds more text) or when a screenshot is wanted; a page that tried to load another in its
 * place keeps its static read (the DOM then may be Chromium's error page, or half a document).
 * Resolves undefined when no visit is needed;
 * rejects with the renderer's `ReaderError` when the browser fails (the caller keeps the static read).
 */
export async function visitInBrowser(options: {
  renderer: PageRenderer;
  fetched: FetchedResource;
  content: ExtractedContent;
  screenshot: boolean;
  signal?: AbortSignal;
}): Promise<BrowserOutcome | undefined> {
  const { content, fetched } = options;
  if (!HTML_TYPES.has(content.mediaType.essence)) return undefined;
  const appShell = isAppShell(content);
  if (!appShell && !options.screenshot) return undefined;
  const rendered = await options.renderer.render({
    url: fetched.finalUrl,
    body: fetched.bytes,
    contentType: fetched.contentType,
    screenshot: options.screenshot,
    signal: options.signal,
  });
  let chosen = content;
  if (appShell && rendered.html !== undefined) {
    const fromBrowser = await extractContent({
      bytes: new TextEncoder().encode(rendered.html),
      contentType: 'text/html; charset=utf-8',
      url: fetched.finalUrl,
    });
    if (fromBrowser.text.trim().length > content.text.trim().length) chosen = fromBrowser;
  }
  const blocked: BlockedRequest[] = rendered.blocked;
  return {
    content: chosen,
    visit: { rendered: chosen !== content, blocked, screenshot: rendered.screenshot !== undefined },
    screenshot: rendered.screenshot,
  };
}
