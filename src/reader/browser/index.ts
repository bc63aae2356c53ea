export { findBrowser } from './find-browser.js';
export { createBrowserRenderer } from './render-page.js';
export { closeSharedBrowser } from './shared-browser.js';
export type { BlockedRequest, PageRenderer } from './types.js';
