import { parseDate, slashedDayFirst } from '../../shared/index.js';
import { headlineOf } from './after-headline.js';
import { markedBylineOf, readsAsName } from './byline-marks.js';
import { normalizeSpace } from './dom.js';
import { withEntitiesDecoded } from './entity-text.js';
import { type JsonLdFacts, readJsonLd } from './json-ld.js';
import { elementsByTag, firstByTag } from './page-index.js';
import { shownBylineOf } from './shown-byline.js';
import { shownDateOf } from './shown-date.js';
import { shownTitleOf } from './shown-title.js';
import type { Document, Element } from './tree/index.js';

/** Page metadata: everything in `ExtractedPage` except the content. */
export interface PageMetadata {
  /** The title the page states (JSON-LD, meta tags, `<title>`): what the reader's rules look for. */
  title: string;
  /** The page's `<h1>` when it restates `title` in other words (`shown-title.ts`): the title shown. */
  shownTitle?: string;
  byline?: string;
  /** When the page states it was published: meta tags, JSON-LD or `<time datetime>`. */
  publishedAt?: string;
  /**
   * The date the page shows beside its headline (`shown-date.ts`), read when it states none: the
   * page's date for a reader, but no sign that the page is a story (a listing shows its first item's).
   */
  shownDate?: string;
  lang?: string;
  siteName?: string;
  /** The page's own summary (meta description, og:description), used to find its standfirst. */
  description?: string;
  /** schema.org types declared by the page, lower-cased; used to recognise products, forums... */
  schemaTypes: Set<string>;
  /** The page's `og:type` (`article`, `website`…), lower-cased; used to recognise stories. */
  ogType?: string;
  /** Top-level schema.org `Product` nodes: one describes a product page, many a list of products. */
  schemaProductCount: number;
  /** The article's text as its JSON-LD states it (`articleBody`), whitespace collapsed. */
  articleBody?: string;
}

/** Reads title, byline, publication time, language and site name. Call before the page is cleaned. */
export function readMetadata(document: Document): PageMetadata {
  const jsonLd = readJsonLd(document);
  const meta = readMetaTags(document);
  const siteName = firstOf(meta.get('og:site_name'), jsonLd.publisherName, meta.get('application-name'));
  const heading = normalizeSpace(firstByTag(document, 'h1')?.textContent ?? '');
  const title = readTitle(document, meta, jsonLd, heading, siteName);
  const shownTitle = shownTitleOf(heading, title);
  const lang = readLang(document, meta);
  const headline = headlineOf(document, title);
  return {
    title,
    ...(shownTitle === undefined ? {} : { shownTitle }),
    byline: readByline(document, meta, jsonLd, headline),
    ...datesOf(document, meta, jsonLd, slashedDayFirst(lang), headline),
    lang,
    siteName,
    description: firstOf(
      meta.get('description'),
      meta.get('og:description'),
      meta.get('twitter:description'),
    ),
    schemaTypes: jsonLd.types,
    schemaProductCount: jsonLd.productCount,
    ogType: meta.get('og:type')?.toLowerCase(),
    ...(jsonLd.articleBody === undefined ? {} : { articleBody: normalizeSpace(jsonLd.articleBody) }),
  };
}

/**
 * The page's `<meta>` tags by lowercased key. A `property` may hold several keys separated by
 * spaces (`og:title twitter:title`); Dublin Core keys are spelled `dc:title` whether written with a
 * colon or a dot. A `property` wins over a `name` with the same key; otherwise the first tag wins.
 */
function readMetaTags(document: Document): Map<string, string> {
  const byProperty = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const element of elementsByTag(document, 'meta')) {
    const content = normalizeSpace(withEntitiesDecoded(element.getAttribute('content') ?? ''));
    if (content === '') continue;
    const property = element.getAttribute('property');
    const name =
      element.getAttribute('name') ?? element.getAttribute('itemprop') ?? element.getAttribute('http-equiv');
    const [target, keys] = property ? [byProperty, property] : [byName, name ?? ''];
    for (const key of keys.toLowerCase().split(/\s+/)) {
      const normalized = key.replace(/^(dc|dcterms?)\./, '$1:');
      if (normalized !== '' && !target.has(normalized)) target.set(normalized, content);
    }
  }
  for (const [key, content] of byName) if (!byProperty.has(key)) byProperty.set(key, content);
  return byProperty;
}

function firstOf(...values: Array<string | undefined>): string | undefined {
  for (const value of values) {
    const text = value === undefined ? '' : normalizeSpace(value);
    if (text !== '') return text;
  }
  return undefined;
}

function readTitle(
  document: Document,
  meta: Map<string, string>,
  jsonLd: JsonLdFacts,
  heading: string,
  siteName?: string,
): string {
  const documentTitle = normalizeSpace(withEntitiesDecoded(firstByTag(document, 'title')?.textContent ?? ''));
  const chosen =
    firstOf(
      jsonLd.headline,
      meta.get('dc:title'),
      meta.get('dcterms:title'),
      meta.get('og:title'),
      meta.get('twitter:title'),
      meta.get('parsely-title'),
    ) ??
    cleanDocumentTitle(documentTitle, heading) ??
    heading;
  return stripSiteName(chosen, siteName);
}

/**
 * Drops the site-name part from a `<title>` like "Story headline | Section | Site": the part after
 * the last separator, or, when that leaves fewer than three words, the part before the first
 * ("Site - Story headline").
 */
function cleanDocumentTitle(title: string, heading: string): string | undefined {
  if (title === '') return undefined;
  if (heading !== '' && title.includes(heading) && heading.split(' ').length >= 2) return heading;
  const separators = Array.from(title.matchAll(titleSeparators));
  const last = separators.at(-1);
  const first = separators[0];
  if (!last || !first) return title;
  const withoutLast = title.slice(0, last.index).trim();
  if (wordCount(withoutLast) >= 3) return withoutLast;
  const withoutFirst = title.slice(first.index + first[0].length).trim();
  return wordCount(withoutFirst) >= 3 ? withoutFirst : title;
}

const titleSeparators = /\s[|\-–—\\/>»·]\s/g;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function stripSiteName(title: string, siteName?: string): string {
  if (!siteName || title === siteName) return title;
  // Without a separator neither pattern can match: the site's are not compiled for nothing.
  let stripped = title;
  if (nameSeparator.test(title)) {
    const { trailing, leading } = siteNamePatternsOf(siteName);
    stripped = title.replace(trailing, '').replace(leading, '');
  }
  return stripped.trim() === '' ? title : stripped.trim();
}

/** What stands between a title and its site's name (no character of it has another case). */
const nameSeparator = /\s[|\-–—\\/>»·:]\s/;

/** The patterns of a site's name after and before a title, compiled once a site name. */
const siteNamePatterns = new Map<string, { trailing: RegExp; leading: RegExp }>();
/** Site names whose patterns are kept; past this it starts afresh. */
const MAX_SITE_NAMES = 100;

function siteNamePatternsOf(siteName: string): { trailing: RegExp; leading: RegExp } {
  let patterns = siteNamePatterns.get(siteName);
  if (patterns === undefined) {
    const escaped = siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    patterns = {
      trailing: new RegExp(`\\s[|\\-–—\\\\/>»·:]\\s${escaped}$`, 'i'),
      leading: new RegExp(`^${escaped}\\s[|\\-–—\\\\/>»·:]\\s`, 'i'),
    };
    if (siteNamePatterns.size >= MAX_SITE_NAMES) siteNamePatterns.clear();
    siteNamePatterns.set(siteName, patterns);
  }
  return patterns;
}

/** The byline the page states, else the one it marks up, else the one it shows beside its `headline`. */
function readByline(
  document: Document,
  meta: Map<string, string>,
  jsonLd: JsonLdFacts,
  headline: Element | undefined,
): string | undefined {
  if (jsonLd.authors.length > 0) return [...new Set(jsonLd.authors)].join(', ');
  const fromMeta = firstOf(
    meta.get('dc:creator'),
    meta.get('author'),
    meta.get('parsely-author'),
    meta.get('article:author'),
  );
  // A profile's address or number (Facebook's `article:author`) names no one: the page's marks may.
  if (fromMeta && !/^https?:/.test(fromMeta) && readsAsName(fromMeta)) return fromMeta;
  return markedBylineOf(document) ?? shownBylineOf(headline);
}

function readPublished(
  document: Document,
  meta: Map<string, string>,
  jsonLd: JsonLdFacts,
  dayFirst: boolean,
): string | undefined {
  const candidates = [
    meta.get('article:published_time'),
    jsonLd.datePublished,
    meta.get('datepublished'),
    meta.get('publishdate'),
    meta.get('pubdate'),
    meta.get('date'),
    meta.get('dc:date.issued'),
    meta.get('dcterms:issued'),
    meta.get('dc:date'),
    meta.get('citation_publication_date'),
    firstByTag(document, 'time', (time) => time.hasAttribute('datetime'))?.getAttribute('datetime') ??
      undefined,
  ];
  for (const candidate of candidates) {
    const iso = toIsoDate(candidate, dayFirst);
    if (iso) return iso;
  }
  return undefined;
}

/**
 * The date the page states, else the one it shows beside its `headline`; `dayFirst` when the page's
 * language writes "04/05/2022" for 4 May (`slashedDayFirst`).
 */
function datesOf(
  document: Document,
  meta: Map<string, string>,
  jsonLd: JsonLdFacts,
  dayFirst: boolean,
  headline: Element | undefined,
): Pick<PageMetadata, 'publishedAt' | 'shownDate'> {
  const publishedAt = readPublished(document, meta, jsonLd, dayFirst);
  if (publishedAt !== undefined) return { publishedAt };
  const shownDate = shownDateOf(headline, new Date(), dayFirst);
  return shownDate === undefined ? {} : { shownDate };
}

/** A page's date as ISO 8601, the same in every time zone; years outside 1990–2100 are noise. */
function toIsoDate(value: string | undefined, dayFirst: boolean): string | undefined {
  if (!value || !/\d{4}/.test(value)) return undefined;
  const date = parseDate(value, { dayFirst });
  if (!date) return undefined;
  const year = date.getUTCFullYear();
  return year >= 1990 && year <= 2100 ? date.toISOString() : undefined;
}

function readLang(document: Document, meta: Map<string, string>): string | undefined {
  const value = firstOf(
    document.documentElement?.getAttribute('lang') ?? undefined,
    document.documentElement?.getAttribute('xml:lang') ?? undefined,
    meta.get('content-language'),
    meta.get('og:locale'),
  );
  if (!value) return undefined;
  const tag = value.split(/[,;\s]/)[0]!.replace('_', '-');
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(tag) ? tag : undefined;
}
