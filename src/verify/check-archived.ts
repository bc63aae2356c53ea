import { type ArchivedResponse, archivedPage, decodedBody, headerOf } from '../archive/index.js';
import type { ArchivedQuoteState, Reference } from '../contract/index.js';
import { describeError } from '../errors.js';
import { pageText, quoteIsIn } from './page-text.js';

/** What the archived page says of a reference's quote, and why when it is not there. */
export interface ArchivedCheck {
  state: ArchivedQuoteState;
  detail?: string;
  /** The archived page's text, when it could be read (the live check compares with it). */
  text?: string;
}

/** Checks a web reference's quote against its page in the archive's responses. */
export async function checkArchived(
  responses: Map<string, ArchivedResponse>,
  reference: Pick<Reference, 'url' | 'quote'>,
): Promise<ArchivedCheck> {
  const page = archivedPage(responses, reference.url);
  if (!page) return { state: 'not_archived', detail: 'the archive holds no response for this page' };
  try {
    const { text } = await pageText({
      bytes: await decodedBody(page),
      contentType: headerOf(page, 'content-type'),
      url: page.url,
    });
    return quoteIsIn(reference.quote, text)
      ? { state: 'present', text }
      : { state: 'missing', detail: `the quote is not in the page archived on ${page.date}`, text };
  } catch (error) {
    return {
      state: 'missing',
      detail: `the archived page could not be read: ${describeError(error).message}`,
    };
  }
}
