/** Link levels `deepRead` follows below the start page. */
export const DEEP_READ_DEPTH = 1;
/** Most sources `deepRead` returns, the start page included (the engine's deep-read action too). */
export const DEEP_READ_LIMIT = 8;
/** Pages `deepRead` reads at once. */
export const DEEP_READ_CONCURRENCY = 4;
/** Preferred passage length, in characters. */
export const PASSAGE_TARGET_CHARS = 600;
/** A page whose extraction (parse, choose, render) takes longer than this fails with `extract_timeout`. */
export const EXTRACT_TIMEOUT_MS = 20_000;
/** Main content shorter than this (characters) marks a page's static HTML as an app shell the browser renders. */
export const APP_SHELL_TEXT_CHARS = 200;
/** Cap on one browser visit (navigation, scripts, settling, screenshot), in ms. */
export const BROWSER_PAGE_TIMEOUT_MS = 20_000;
/** After the load event, how long a page may keep fetching before it is read as it is, in ms. */
export const BROWSER_SETTLE_MS = 3_000;
/** Cap on the bytes every request of one browser visit may bring in together. */
export const BROWSER_PAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Cap on the requests of one browser visit; later ones are refused. */
export const BROWSER_MAX_REQUESTS = 150;
/** The browser's window, in CSS pixels. */
export const BROWSER_VIEWPORT = { width: 1280, height: 800 } as const;
/** A full-page screenshot is cut at this height, in CSS pixels. */
export const SCREENSHOT_MAX_HEIGHT = 8_000;
/** Most images kept per page (`Source.images`), in document order. */
export const MAX_PAGE_IMAGES = 12;
/** An image's alt text (or caption) is clipped to this many characters. */
export const MAX_IMAGE_ALT_CHARS = 200;
/** An image address longer than this many characters is not kept (no reader of alt text needs it). */
export const MAX_IMAGE_URL_CHARS = 1_000;
/** An image the page declares narrower or lower than this, in CSS pixels, is an icon or a pixel. */
export const MIN_IMAGE_SIDE_PX = 64;
