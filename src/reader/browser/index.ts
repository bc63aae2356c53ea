export { findBrowser } from './find-browser.js';
export { type BrowserRendererOptions, createBrowserRenderer } from './render-page.js';
export { closeSharedBrowser } from './shared-browser.js';
export type { BlockedRequest, PageRenderer, RenderedPage, RequestRules } from './types.js';
