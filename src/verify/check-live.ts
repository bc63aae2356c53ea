import type { LiveQuoteState, Reference } from '../contract/index.js';
import { describeError } from '../errors.js';
import { isReaderError, type SafeFetchOptions, safeFetch } from '../reader/index.js';
import { pageText, quoteIsIn } from './page-text.js';

/** How the page is now, and why when it is not unchanged. */
export interface LiveCheck {
  state: LiveQuoteState;
  detail?: string;
}

/** Statuses that say the page is no longer there (rather than failing for now). */
const goneStatuses = new Set([404, 410]);

/**
 * Fetches the page as it is now, through the reader's safe fetch (the same address rules as a
 * read), and checks the quote against it; the body's hash against the one the run read says
 * whether the page changed around a quote that is still there.
 */
export async function checkLive(
  reference: Pick<Reference, 'url' | 'quote' | 'snapshot'>,
  fetchOptions: SafeFetchOptions,
): Promise<LiveCheck> {
  let fetched: Awaited<ReturnType<typeof safeFetch>>;
  try {
    fetched = await safeFetch(reference.url, fetchOptions);
  } catch (error) {
    const described = describeError(error);
    const gone =
      (isReaderError(error, 'http_error') && goneStatuses.has(error.statusCode ?? 0)) ||
      isReaderError(error, 'dns_error');
    return { state: gone ? 'gone' : 'unreachable', detail: described.message };
  }
  try {
    const live = await pageText({
      bytes: fetched.bytes,
      contentType: fetched.contentType,
      url: fetched.finalUrl,
    });
    if (!quoteIsIn(reference.quote, live.text)) {
      return { state: 'changed', detail: 'the quote is no longer on the page' };
    }
    if (reference.snapshot && reference.snapshot.sha256 === live.sha256) return { state: 'unchanged' };
    return {
      state: 'changed_around',
      detail: reference.snapshot
        ? 'the page changed since the run read it, but the quote is still there'
        : 'the quote is on the page (the run kept no hash to compare the page with)',
    };
  } catch (error) {
    return { state: 'unreachable', detail: `the page could not be read: ${describeError(error).message}` };
  }
}
