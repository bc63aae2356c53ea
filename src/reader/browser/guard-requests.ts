import type { BrowserContext, Request, Route } from 'playwright-core';
import { isReaderError } from '../errors.js';
import { safeFetch } from '../fetch/index.js';
import type { BlockedRequest, RequestRules } from './types.js';

/** Caps on what one page may make the reader fetch. */
export interface RequestBudget {
  maxRequests: number;
  maxBytes: number;
  /** When the visit's time is up (ms since the epoch): each fetch gets what is left. */
  deadline: number;
}

/** Reader errors that mean a request was refused by the rules, not that the host failed. */
const REFUSALS = new Set(['blocked_address', 'invalid_url']);

function typeHeader(contentType: string | undefined): Record<string, string> {
  return contentType ? { 'content-type': contentType } : {};
}

/** Whether a request would load a page in a tab (not in a frame of the page): the document or one that replaces it. */
function isTopNavigation(request: Request): boolean {
  if (!request.isNavigationRequest()) return false;
  try {
    return request.frame().parentFrame() === null;
  } catch {
    // Only a service worker's requests have no frame, and those are blocked.
    return false;
  }
}

/**
 * Answers every request of the context's pages itself: the page's own document from the bytes
 * already fetched, anything else through `safeFetch` with the reader's rules (so a page cannot
 * make the browser reach a private address, directly, by DNS or by a redirect), within the
 * budget. Only GET is made; WebSockets are refused; the tab never leaves the page for another.
 * Returns the refusals as they happen.
 */
export async function guardRequests(
  context: BrowserContext,
  options: {
    rules: RequestRules;
    budget: RequestBudget;
    document: { url: string; body: Uint8Array; contentType: string | undefined };
    signal: AbortSignal;
    /** Told when the page tries to load another page in its place (which is refused). */
    onLeave?: (url: string) => void;
  },
): Promise<BlockedRequest[]> {
  const blocked: BlockedRequest[] = [];
  let requests = 0;
  let bytes = 0;
  let documentServed = false;
  const refuse = async (route: Route, entry: BlockedRequest) => {
    blocked.push(entry);
    await route.abort('blockedbyclient');
  };

  await context.routeWebSocket(/.*/, (socket) => {
    blocked.push({
      url: socket.url(),
      code: 'websocket_refused',
      message: 'The reader opens no WebSocket for a page.',
    });
    void socket.close({ code: 1008, reason: 'Refused by the reader.' });
  });

  const answer = async (route: Route): Promise<void> => {
    const request = route.request();
    const url = request.url();
    if (isTopNavigation(request)) {
      if (!documentServed && url === options.document.url) {
        documentServed = true;
        const headers = typeHeader(options.document.contentType);
        await route.fulfill({ status: 200, headers, body: Buffer.from(options.document.body) });
        return;
      }
      // Any other page the tab would load (a script's location, a meta refresh, a form) is not the
      // page read. Aborted (not refused) it leaves the page as it was: a refusal shows Chromium's
      // error page ("127.0.0.1 is blocked") in its place, which would be read under the page's URL.
      blocked.push({
        url,
        code: 'navigation_refused',
        message:
          'The page tried to load another page in its place; the reader reads only the page at its address.',
      });
      options.onLeave?.(url);
      await route.abort('aborted');
      return;
    }
    if (request.method() !== 'GET') {
      return refuse(route, {
        url,
        code: 'method_refused',
        message: `The reader makes only GET requests for a page, not ${request.method()}.`,
      });
    }
    requests += 1;
    const timeoutMs = options.budget.deadline - Date.now();
    if (requests > options.budget.maxRequests || bytes >= options.budget.maxBytes || timeoutMs <= 0) {
      return refuse(route, {
        url,
        code: 'page_budget',
        message: `The page used up its budget (${options.budget.maxRequests} requests, ${options.budget.maxBytes} bytes, or its time).`,
      });
    }
    try {
      const fetched = await safeFetch(url, {
        ...options.rules,
        timeoutMs,
        maxBytes: options.budget.maxBytes - bytes,
        signal: options.signal,
      });
      bytes += fetched.bytes.byteLength;
      const headers = typeHeader(fetched.contentType);
      await route.fulfill({ status: fetched.status, headers, body: Buffer.from(fetched.bytes) });
    } catch (error) {
      if (isReaderError(error) && REFUSALS.has(error.code)) {
        return refuse(route, { url, code: error.code, message: error.message });
      }
      // A host that fails is the page's loss, not a refusal: the request fails as it would have.
      if (isReaderError(error, 'too_large')) bytes = options.budget.maxBytes;
      await route.abort('failed');
    }
  };
  await context.route('**/*', (route) =>
    answer(route).catch(() => {
      // The visit ended (its context closed) while this request was pending: nothing to answer.
    }),
  );
  return blocked;
}
