import type { BlockedRequest, Source } from '../../reader/index.js';
import type { StepContext } from './step-context.js';

/** Refused requests named in a warning; the `tool-result` output lists them all. */
const BLOCKED_NAMED = 3;

/**
 * What a read's `tool-result` output says of the browser's visit of a page (whether its content
 * came from the rendered page, and the requests of the page that were refused); refused requests
 * are also a `warning`, so the trace shows a page that tried to reach somewhere it may not.
 */
export function browserVisitOutput(
  context: StepContext,
  source: Source,
): { rendered?: boolean; blockedRequests?: BlockedRequest[] } {
  const visit = source.browser;
  if (!visit) return {};
  if (visit.blocked.length > 0) {
    const named = visit.blocked
      .slice(0, BLOCKED_NAMED)
      .map((request) => `${request.url} (${request.code})`)
      .join(', ');
    const more =
      visit.blocked.length > BLOCKED_NAMED ? ` and ${visit.blocked.length - BLOCKED_NAMED} more` : '';
    context.emit({
      type: 'warning',
      code: 'page_requests_blocked',
      message: `${source.url} made ${visit.blocked.length} request(s) the reader refused: ${named}${more}.`,
    });
  }
  return {
    rendered: visit.rendered,
    ...(visit.blocked.length > 0 ? { blockedRequests: visit.blocked } : {}),
  };
}
