import type { SourceCredibility } from '../../contract/index.js';
import {
  AFFILIATE_LINK_SHARE,
  CITATION_MARKER,
  DOI,
  KIND_WEIGHT,
  MIN_AFFILIATE_LINKS,
  MIN_CITATION_MARKERS,
  REFERENCES_HEADING,
  SIGNAL_WEIGHT,
} from './credibility-signals.js';
import { affiliateLinks, isIpAddress, parseAddress, siteKind } from './site-kind.js';

/** What a read page shows about itself: its metadata and structure. */
export interface PageSignals {
  byline?: string | undefined;
  publishedAt?: string | undefined;
  /** Main content as text or markdown: read for a references section, citation markers and DOIs. */
  text: string;
  links?: readonly string[] | undefined;
}

/** Everything the score is read from; only `url` is required (a search result before it is read). */
export interface CredibilityInput {
  url: string;
  title?: string | undefined;
  /** Date the search result or page gave. */
  publishedAt?: string | undefined;
  /** The page, once read. */
  page?: PageSignals | undefined;
  /** Other hosts whose findings answer the same sub-questions as this source's. */
  agreeingHosts?: number | undefined;
  /** Conflicts between this source's findings and other sources'. */
  conflicts?: number | undefined;
}

const round = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 100) / 100;

/** The page's own structure: an author, a date, references, DOIs; affiliate links count against it. */
function pageSignals(page: PageSignals, add: (weight: number, reason: string) => void): void {
  if (page.byline?.trim()) add(SIGNAL_WEIGHT.author, 'author named');
  else add(0, 'no author named');
  if (page.publishedAt) add(SIGNAL_WEIGHT.dated, 'dated');
  const citations = (page.text.match(CITATION_MARKER) ?? []).length;
  if (REFERENCES_HEADING.test(page.text) || citations >= MIN_CITATION_MARKERS)
    add(
      SIGNAL_WEIGHT.references,
      citations >= MIN_CITATION_MARKERS ? `${citations} citations` : 'lists references',
    );
  if (DOI.test(page.text)) add(SIGNAL_WEIGHT.doi, 'cites a DOI');
  const links = page.links ?? [];
  const affiliate = affiliateLinks(links);
  if (affiliate >= MIN_AFFILIATE_LINKS && affiliate / links.length >= AFFILIATE_LINK_SHARE)
    add(SIGNAL_WEIGHT.affiliateLinks, 'written to sell (affiliate links)');
}

/**
 * How credible a source is, 0–1, from signals it cannot talk its way into: the kind of site its
 * address shows (`siteKind`), HTTPS, a bare IP address, and once read its author, date,
 * references, DOIs and affiliate links, and the other hosts that agree or conflict with it. No
 * host is favoured by name, and no word of the page raises the score: a page that calls itself
 * official scores like the same page that does not.
 */
export function scoreCredibility(input: CredibilityInput): SourceCredibility {
  const address = parseAddress(input.url);
  if (!address || !/^https?:$/.test(address.protocol))
    return { score: 0.5, kind: 'unknown', reasons: ['not a web page'] };
  const shape = {
    ...(input.title ? { title: input.title } : {}),
    ...(input.page?.links ? { links: input.page.links } : {}),
  };
  const { kind, reasons } = siteKind(address, shape);
  let score = 0.5 + KIND_WEIGHT[kind];
  const add = (weight: number, reason: string) => {
    score += weight;
    reasons.push(reason);
  };
  if (isIpAddress(address.host)) add(SIGNAL_WEIGHT.ipAddress, 'bare IP address');
  if (address.protocol === 'https:') add(SIGNAL_WEIGHT.https, 'HTTPS');
  else add(SIGNAL_WEIGHT.plainHttp, 'not HTTPS');
  if (input.page)
    pageSignals({ ...input.page, publishedAt: input.page.publishedAt ?? input.publishedAt }, add);
  else if (input.publishedAt) add(SIGNAL_WEIGHT.dated, 'dated');
  const agreeing = input.agreeingHosts ?? 0;
  if (agreeing > 0)
    add(
      Math.min(SIGNAL_WEIGHT.maxAgreement, SIGNAL_WEIGHT.perAgreement * agreeing),
      `${agreeing} other host${agreeing === 1 ? '' : 's'} agree`,
    );
  const conflicts = input.conflicts ?? 0;
  if (conflicts > 0)
    add(
      Math.max(SIGNAL_WEIGHT.maxConflict, SIGNAL_WEIGHT.perConflict * conflicts),
      `${conflicts} conflict${conflicts === 1 ? '' : 's'} with other sources`,
    );
  return { score: round(score), kind, reasons };
}

/** One line for a prompt or a list: `0.85 documentation: docs host (docs.), HTTPS, dated`. */
export function describeCredibility(credibility: SourceCredibility): string {
  return `${credibility.score.toFixed(2)} ${credibility.kind}${credibility.reasons.length > 0 ? `: ${credibility.reasons.join(', ')}` : ''}`;
}
