import type { SourceKind } from '../../contract/index.js';
import {
  ACADEMIC_SECOND_LEVEL,
  ACADEMIC_TOP_LEVEL,
  AFFILIATE_LINK_SHARE,
  AFFILIATE_PARAMETERS,
  AFFILIATE_SEGMENTS,
  CONTENT_FARM_SIGNALS,
  DOI,
  KIND_HOST_LABELS,
  KIND_PATH_SEGMENTS,
  LISTICLE_TITLE,
  MIN_AFFILIATE_LINKS,
  OFFICIAL_SECOND_LEVEL,
  OFFICIAL_TOP_LEVEL,
  PAPER_ID,
  STUFFED_HOST_HYPHENS,
  STUFFED_SLUG_WORDS,
} from './credibility-signals.js';
import { parsedUrl } from './hosts.js';

/** An address split into what the signals look at. */
export interface Address {
  protocol: string;
  host: string;
  /** Host labels, lower-case, `www` dropped. */
  labels: string[];
  /** Path segments, lower-case, decoded where possible. */
  segments: string[];
  /** The address as given, lower-case. */
  text: string;
}

/** Lower-case path segments of a parsed path, decoded where the parser decodes. */
function pathSegments(pathname: string): string[] {
  return pathname.toLowerCase().split('/').filter(Boolean);
}

/**
 * The address's parts, or undefined when it is not a URL. The parse is the one `hostOf` keeps
 * (`parsedUrl`): a candidate's URL was parsed when the pool took it in.
 */
export function parseAddress(url: string): Address | undefined {
  const parsed = parsedUrl(url);
  if (!parsed) return undefined;
  const host = parsed.lowerHostname;
  return {
    protocol: parsed.protocol,
    host,
    labels: host.replace(/^www\./, '').split('.'),
    segments: pathSegments(parsed.pathname),
    text: url.toLowerCase(),
  };
}

/** Whether a host is an IPv4 or IPv6 address rather than a name. */
export function isIpAddress(host: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith('[') || host.includes(':');
}

/** Official or academic from the registry's rules: only such bodies can register these names. */
function registeredKind(address: Address): { kind: SourceKind; reason: string } | undefined {
  const [top, second] = [address.labels.at(-1) ?? '', address.labels.at(-2) ?? ''];
  const countryCode = top.length === 2;
  if (OFFICIAL_TOP_LEVEL.has(top) || (countryCode && OFFICIAL_SECOND_LEVEL.has(second)))
    return { kind: 'official', reason: `government address (.${countryCode ? `${second}.` : ''}${top})` };
  if (ACADEMIC_TOP_LEVEL.has(top) || (countryCode && ACADEMIC_SECOND_LEVEL.has(second)))
    return { kind: 'academic', reason: `university address (.${countryCode ? `${second}.` : ''}${top})` };
  if (DOI.test(address.text) || PAPER_ID.test(address.text))
    return { kind: 'academic', reason: 'address of a paper (DOI or paper id)' };
  return undefined;
}

/** The first kind whose host label, else path segment, the address has. */
function shapedKind(address: Address): { kind: SourceKind; reason: string } | undefined {
  const kinds = ['academic', 'documentation', 'news', 'forum', 'blog'] as const;
  const hostLabels = address.labels.slice(0, -1);
  for (const kind of kinds) {
    const label = hostLabels.find((item) => KIND_HOST_LABELS[kind]?.has(item));
    if (label) return { kind, reason: `${kind} host (${label}.)` };
  }
  if (address.segments[0]?.startsWith('@')) return { kind: 'blog', reason: 'author path (/@…)' };
  for (const kind of kinds) {
    const segment = address.segments.find((item) => KIND_PATH_SEGMENTS[kind]?.has(item));
    if (segment) return { kind, reason: `${kind} path (/${segment}/)` };
  }
  return undefined;
}

/**
 * Links of a page that pay its writer: affiliate parameters, or redirect paths (`/go/…`). Each link
 * is parsed once here, not through the kept parses: a page's links are many and seldom met again.
 */
export function affiliateLinks(links: readonly string[]): number {
  let count = 0;
  for (const link of links) {
    let parsed: URL;
    try {
      parsed = new URL(link);
    } catch {
      // Not a URL: a link that pays no one.
      continue;
    }
    const segments = pathSegments(parsed.pathname);
    if (
      AFFILIATE_PARAMETERS.some((name) => parsed.searchParams.has(name)) ||
      (segments.length >= 2 && AFFILIATE_SEGMENTS.has(segments[0] ?? ''))
    )
      count += 1;
  }
  return count;
}

/** What a page or search result shows besides its address. */
export interface PageShape {
  title?: string;
  /** Every link of the page (read pages only). */
  links?: readonly string[];
}

/** The signals of a page written to rank and sell rather than to inform. */
export function contentFarmSignals(address: Address, shape: PageShape): string[] {
  const signals: string[] = [];
  if (shape.title && LISTICLE_TITLE.test(shape.title)) signals.push('listicle title');
  const slug = address.segments.at(-1) ?? '';
  if (slug.split(/[-_]+/).filter(Boolean).length >= STUFFED_SLUG_WORDS)
    signals.push('keyword-stuffed address');
  const hostName = address.labels.slice(0, -1).join('.');
  if ((hostName.match(/-/g) ?? []).length >= STUFFED_HOST_HYPHENS) signals.push('keyword domain name');
  const links = shape.links ?? [];
  const affiliate = affiliateLinks(links);
  if (affiliate >= MIN_AFFILIATE_LINKS && affiliate / links.length >= AFFILIATE_LINK_SHARE)
    signals.push(`${affiliate} of ${links.length} links are affiliate links`);
  return signals;
}

/**
 * The kind of site an address (and, once read, its page) is, with why: official or academic by
 * the registry's rules for the name; else a content farm when `CONTENT_FARM_SIGNALS` of its
 * signals show; else by a host label or path segment; else unknown. Words of the page never
 * decide it: a page saying it is official is not.
 */
export function siteKind(address: Address, shape: PageShape = {}): { kind: SourceKind; reasons: string[] } {
  const registered = registeredKind(address);
  if (registered) return { kind: registered.kind, reasons: [registered.reason] };
  const farm = contentFarmSignals(address, shape);
  if (farm.length >= CONTENT_FARM_SIGNALS) return { kind: 'content-farm', reasons: farm };
  const shaped = shapedKind(address);
  return shaped
    ? { kind: shaped.kind, reasons: [shaped.reason, ...farm] }
    : { kind: 'unknown', reasons: farm };
}
