/** Schemes a rendered link may point at; any other target (javascript:, data:, relative) stays text. */
const LIVE_HREF = /^(https?:\/\/|mailto:)/i;

/** Whether `href` may become a live link: only http(s) and mailto targets do. */
export function isLiveHref(href: string): boolean {
  return LIVE_HREF.test(href);
}
