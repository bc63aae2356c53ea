import type { FetchFunction, LookupFunction } from '../fetch/index.js';

/** A request of a page the reader did not make for it: refused by the address rules or a cap. */
export interface BlockedRequest {
  /** The address the page asked for. */
  url: string;
  /**
   * Why: a reader error code (`blocked_address`, `invalid_url`), `method_refused`, `websocket_refused`,
   * `navigation_refused` (the page tried to load another in its place) or `page_budget`.
   */
  code: string;
  message: string;
}

/** What the reader's requests on a page's behalf obey: the same rules as its own fetches. */
export interface RequestRules {
  /** `host:port` or bare hosts that may be reached although private (`--allow-host`). */
  allowHosts?: readonly string[];
  lookup?: LookupFunction;
  fetch?: FetchFunction;
  userAgent?: string;
  /** Who a refusal tells to allow a host. */
  fixedBy?: 'user' | 'operator';
}

/** What a page looked like once the browser had run its scripts. */
export interface RenderedPage {
  /** The page's DOM as HTML, after its scripts ran; undefined when the page left (see `leftFor`). */
  html: string | undefined;
  /**
   * The address the page tried to load in its place (by script, meta refresh or form) before it was
   * read: its DOM and screenshot are not taken then, the static read stands.
   */
  leftFor?: string;
  /** A full-page PNG, when one was asked for. */
  screenshot?: Uint8Array;
  /** Requests of the page that were refused, in the order made. */
  blocked: BlockedRequest[];
}

/** Renders a page already fetched by the reader: the browser gets its bytes, never fetches it itself. */
export interface PageRenderer {
  render(options: {
    /** Where the page was fetched from (after redirects): its address in the browser. */
    url: string;
    /** The page's body and Content-Type as the reader fetched them. */
    body: Uint8Array;
    contentType: string | undefined;
    /** Take a full-page screenshot. */
    screenshot: boolean;
    signal?: AbortSignal;
  }): Promise<RenderedPage>;
}
