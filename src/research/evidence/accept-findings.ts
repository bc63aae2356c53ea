import type { Finding, FindingQuote, SubQuestion } from '../../contract/index.js';
import {
  MAX_CLAIM_CHARS,
  MAX_FINDINGS_PER_PAGE,
  MAX_QUOTE_CHARS,
  MAX_QUOTES_PER_FINDING,
} from '../constants.js';
import { findingSource, quoteLocation, quoteText } from '../sources/corpus-files.js';
import { checkClaimAgainstQuotes } from '../support/index.js';
import { bm25Scores } from '../text/bm25-index.js';
import { locateQuote } from './citations.js';
import type { PageExcerpt } from './page-excerpts.js';

/** One finding as the extractor wrote it (see `extractedFindingSchema`): model output, unchecked. */
export interface ExtractedFinding {
  /** Number of the page block (from 1) the quotes are copied from. */
  source: number;
  /** Id of the sub-question the claim helps answer, as the model wrote it. */
  subQuestion: string;
  claim: string;
  quotes: string[];
  /** Date the page gives for the statement, as written. */
  date?: string | undefined;
}

/** A finding the extractor gave that was not kept, and why. */
export interface DroppedFinding {
  claim: string;
  /**
   * `quote_not_found`: no quote is in the page; `unsupported_claim`: the quotes found do not hold
   * what the claim states, or are fragments (`detail` says which and why); `malformed`.
   */
  reason: 'quote_not_found' | 'unsupported_claim' | 'malformed';
  detail?: string;
}

/** Cuts text longer than `max` at the last space before it (a prefix of a quote is still verbatim). */
function cut(text: string, max: number): string {
  const flat = text.trim();
  if (flat.length <= max) return flat;
  const space = flat.lastIndexOf(' ', max);
  return flat.slice(0, space > max / 2 ? space : max).trim();
}

/** The sub-question a finding belongs to: its id as given (`q2`, `Q2`, `2`), else the best match by words. */
export function resolveSubQuestion(
  given: string,
  claim: string,
  subQuestions: readonly Pick<SubQuestion, 'id' | 'text' | 'status'>[],
): string | undefined {
  const wanted = given.trim().toLowerCase().replace(/^q?/, 'q');
  const exact = subQuestions.find((item) => item.id.toLowerCase() === wanted);
  if (exact) return exact.id;
  const scores = bm25Scores(
    claim,
    subQuestions.map((item) => item.text),
  );
  let best = -1;
  scores.forEach((score, position) => {
    if (score > 0 && (best === -1 || score > (scores[best] ?? 0))) best = position;
  });
  return (subQuestions[best] ?? subQuestions.find((item) => item.status === 'open') ?? subQuestions[0])?.id;
}

/** The quotes found in one page, with their locations, the text as the page has it. */
function locateIn(excerpt: PageExcerpt, quotes: readonly string[]): FindingQuote[] {
  const found: FindingQuote[] = [];
  for (const quote of quotes) {
    const range = locateQuote(quote, excerpt.source.text, excerpt.ranges);
    if (!range) continue;
    const text = quoteText(excerpt.source, range);
    if (found.some((existing) => existing.text === text)) continue;
    found.push({ text, location: quoteLocation(excerpt.source, range) });
  }
  return found;
}

/**
 * Checks the extractor's findings against the pages they cite. Each quote must occur in its page's
 * stored text (whitespace and quote marks normalised); a finding keeps the quotes found and is
 * dropped when none is. A finding whose quotes are all in another page of the same call is moved
 * to that page: its quotes prove where it comes from. Then the claim is checked against the quotes
 * found (`checkClaimAgainstQuotes`, the question and the page's title as context): a claim stating
 * a figure, date or name they do not hold, binding one to something else, or resting on fragments,
 * is dropped, so it never covers a sub-question. Malformed findings are dropped too.
 */
export function acceptFindings(options: {
  /** The run's question: what a claim may take for granted without a quote. */
  question: string;
  excerpts: readonly PageExcerpt[];
  items: readonly (ExtractedFinding | null)[];
  subQuestions: readonly Pick<SubQuestion, 'id' | 'text' | 'status'>[];
  /** Id of the first new finding's number (`F<first>`). */
  firstNumber: number;
}): { findings: Finding[]; dropped: DroppedFinding[] } {
  const findings: Finding[] = [];
  const dropped: DroppedFinding[] = [];
  const perPage = new Map<number, number>();
  for (const item of options.items) {
    const claim = item ? cut(item.claim, MAX_CLAIM_CHARS) : '';
    if (!item || !claim) {
      dropped.push({ claim: claim || '(malformed finding)', reason: 'malformed' });
      continue;
    }
    const quotes = item.quotes.map((quote) => cut(quote, MAX_QUOTE_CHARS)).slice(0, MAX_QUOTES_PER_FINDING);
    const named = options.excerpts[item.source - 1];
    let page = named ? item.source - 1 : -1;
    let found = named ? locateIn(named, quotes) : [];
    if (found.length === 0) {
      options.excerpts.forEach((excerpt, position) => {
        const elsewhere = position === page ? [] : locateIn(excerpt, quotes);
        if (elsewhere.length > found.length) {
          found = elsewhere;
          page = position;
        }
      });
    }
    const excerpt = options.excerpts[page];
    const subQuestionId = resolveSubQuestion(item.subQuestion, claim, options.subQuestions);
    if (!excerpt || found.length === 0 || !subQuestionId) {
      dropped.push({ claim, reason: 'quote_not_found' });
      continue;
    }
    // The page's title is what its reader knows before any quote: a name it holds is no new name.
    const support = checkClaimAgainstQuotes(
      claim,
      found.map((quote) => quote.text),
      { question: options.question, context: [excerpt.source.title] },
    );
    if (!support.ok) {
      const detail = support.problems.map((problem) => problem.reason).join('; ');
      dropped.push({ claim, reason: 'unsupported_claim', detail });
      continue;
    }
    const count = perPage.get(page) ?? 0;
    if (count >= MAX_FINDINGS_PER_PAGE) continue;
    perPage.set(page, count + 1);
    const date = excerpt.source.publishedAt ?? item.date?.trim().slice(0, 40);
    findings.push({
      id: `F${options.firstNumber + findings.length}`,
      claim,
      quotes: found,
      source: findingSource(excerpt.source),
      subQuestionId,
      ...(date ? { publishedAt: date } : {}),
    });
  }
  return { findings, dropped };
}
