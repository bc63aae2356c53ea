import type { Browser, BrowserContext } from 'playwright-core';
import { FETCH_MAX_BYTES } from '../../config/index.js';
import {
  BROWSER_MAX_REQUESTS,
  BROWSER_PAGE_MAX_BYTES,
  BROWSER_PAGE_TIMEOUT_MS,
  BROWSER_SETTLE_MS,
  BROWSER_VIEWPORT,
} from '../constants.js';
import { isReaderError, ReaderError } from '../errors.js';
import { findBrowser } from './find-browser.js';
import { guardRequests } from './guard-requests.js';
import { takeScreenshot } from './screenshot.js';
import { sharedBrowser } from './shared-browser.js';
import type { PageRenderer, RenderedPage, RequestRules } from './types.js';

/** Options of `createBrowserRenderer`. */
export interface BrowserRendererOptions {
  /** `auto` or the path of the Chromium/Chrome executable, found on first use (see `findBrowser`). */
  executable: string;
  /** The reader's address rules, which every request of a page obeys. */
  rules?: RequestRules;
  /** Cap on one visit, in ms. Default BROWSER_PAGE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Cap on the bytes one visit brings in. Default BROWSER_PAGE_MAX_BYTES. */
  maxBytes?: number;
  /** How long a loaded page may keep fetching before it is read, in ms. Default BROWSER_SETTLE_MS. */
  settleMs?: number;
  /**
   * The process's browser (tests); default the shared one of `executable`. Internal: its type is
   * playwright-core's, an optional package a consumer's type-check must not need.
   * @internal
   */
  browser?: () => Promise<Browser>;
}

/** Waits for the page to stop fetching, up to `ms`; a page that never does is read as it is. */
async function settle(page: import('playwright-core').Page, ms: number): Promise<void> {
  const { errors } = await import('playwright-core');
  try {
    await page.waitForLoadState('networkidle', { timeout: ms });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
  }
}

/**
 * Renders pages in the process's one headless browser, each in a context of its own (no cookies
 * or storage shared between pages) that is closed after the visit. Every request a page makes goes
 * through the reader's rules (`guardRequests`); a visit is bounded in time, requests and bytes.
 * Throws `ReaderError`: `browser_unavailable` (no browser could start), `timeout`, `too_large`,
 * `browser_failed` (it crashed or refused the page).
 */
export function createBrowserRenderer(options: BrowserRendererOptions): PageRenderer {
  const timeoutMs = options.timeoutMs ?? BROWSER_PAGE_TIMEOUT_MS;
  const launch = options.browser ?? (() => sharedBrowser(findBrowser(options.executable)));
  return {
    async render(request): Promise<RenderedPage> {
      const browser = await launch();
      const deadline = Date.now() + timeoutMs;
      const controller = new AbortController();
      const stop = () => controller.abort(request.signal?.reason);
      request.signal?.addEventListener('abort', stop, { once: true });
      let context: BrowserContext | undefined;
      const timer = setTimeout(() => {
        controller.abort();
        // Closing the context ends whatever the page was doing; the visit then fails with `timeout`.
        void context?.close().catch(() => undefined);
      }, timeoutMs);
      try {
        context = await browser.newContext({
          viewport: BROWSER_VIEWPORT,
          serviceWorkers: 'block',
          acceptDownloads: false,
          ...(options.rules?.userAgent ? { userAgent: options.rules.userAgent } : {}),
        });
        // A page that tries to leave stops the visit: once it has, Chromium never fires its `load`.
        let leave: (url: string) => void = () => {};
        const left = new Promise<string>((resolve) => {
          leave = resolve;
        });
        const blocked = await guardRequests(context, {
          rules: options.rules ?? {},
          budget: {
            maxRequests: BROWSER_MAX_REQUESTS,
            maxBytes: options.maxBytes ?? BROWSER_PAGE_MAX_BYTES,
            deadline,
          },
          document: { url: request.url, body: request.body, contentType: request.contentType },
          signal: controller.signal,
          onLeave: (url) => leave(url),
        });
        const page = await context.newPage();
        // Pop-ups the page opens are closed at once: only the page itself is read.
        context.on('page', (other) => {
          if (other !== page) void other.close().catch(() => undefined);
        });
        const loaded = (async () => {
          await page.goto(request.url, { waitUntil: 'load', timeout: timeoutMs });
          await settle(page, Math.min(options.settleMs ?? BROWSER_SETTLE_MS, deadline - Date.now()));
          return undefined;
        })();
        const leftFor = await Promise.race([loaded, left]);
        if (leftFor !== undefined) {
          // The load still waiting fails when the context closes below: nothing reads it.
          loaded.catch(() => undefined);
          return { html: undefined, leftFor, blocked: [...blocked] };
        }
        const html = await page.content();
        if (Buffer.byteLength(html) > FETCH_MAX_BYTES) {
          throw new ReaderError({
            code: 'too_large',
            url: request.url,
            message: `${request.url} grew past ${FETCH_MAX_BYTES} bytes of HTML in the browser.`,
          });
        }
        const screenshot = request.screenshot ? await takeScreenshot(page, deadline - Date.now()) : undefined;
        return { html, blocked: [...blocked], screenshot };
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        if (isReaderError(error)) throw error;
        if (controller.signal.aborted) {
          throw new ReaderError({
            code: 'timeout',
            url: request.url,
            cause: error,
            isRetryable: true,
            message: `The browser took longer than ${timeoutMs} ms to render ${request.url}.`,
          });
        }
        throw new ReaderError({
          code: 'browser_failed',
          url: request.url,
          cause: error,
          isRetryable: true,
          message: `The browser could not render ${request.url}: ${(error as Error).message.split('\n')[0]}.`,
        });
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', stop);
        // Closing fails only when the browser is already gone, which took the context with it.
        await context?.close().catch(() => undefined);
      }
    },
  };
}
