import { parseDate } from '../../shared/index.js';
import { isMarkedComment } from './boilerplate.js';
import { bylineOpener } from './byline.js';
import { normalizeSpace } from './dom.js';
import { withEntitiesDecoded } from './entity-text.js';
import { type JsonLdFacts, readJsonLd } from './json-ld.js';
import { elementsByTag, firstByTag } from './page-index.js';
import type { Document, Element } from './tree/index.js';

/** Page metadata: everything in `ExtractedPage` except the content. */
export interface PageMetadata {
  title: string;
  byline?: string;
  publishedAt?: string;
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
  return {
    title: readTitle(document, meta, jsonLd, siteName),
    byline: readByline(document, meta, jsonLd),
    publishedAt: readPublished(document, meta, jsonLd),
    lang: readLang(document, meta),
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
  siteName?: string,
): string {
  const documentTitle = normalizeSpace(withEntitiesDecoded(firstByTag(document, 'title')?.textContent ?? ''));
  const heading = normalizeSpace(firstByTag(document, 'h1')?.textContent ?? '');
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

function readByline(document: Document, meta: Map<string, string>, jsonLd: JsonLdFacts): string | undefined {
  if (jsonLd.authors.length > 0) return [...new Set(jsonLd.authors)].join(', ');
  const fromMeta = firstOf(
    meta.get('dc:creator'),
    meta.get('author'),
    meta.get('parsely-author'),
    meta.get('article:author'),
  );
  if (fromMeta && !/^https?:/.test(fromMeta)) return fromMeta;
  // The first element marked as a byline (`[rel="author"], [itemprop="author"], .author` or a class
  // naming a byline) whose text reads as a name, outside the comments: a marked element may be
  // empty (a `<link rel="author">`), and a comment section may come first in the markup, each
  // comment with its poster's byline. A marked element inside it, or a microdata `name`, names the
  // author alone (`<span class="byline">by <span class="author">Ann Lee</span></span>`).
  let chosen: { element: Element; text: string } | undefined;
  let looked = 0;
  for (const element of elementsByTag(document, '*')) {
    if (chosen && !chosen.element.contains(element)) break;
    // A schema.org Person's own `name` (`<meta itemprop="name" content="Ann Lee">`) beside the profile
    // link and reputation a marked element also holds.
    if (chosen && element.getAttribute('itemprop') === 'name') {
      const name = bylineTextOf(element.getAttribute('content') ?? element.textContent);
      if (readsAsName(name)) return name.length < 100 ? name : undefined;
    }
    if (!isBylineMarked(element)) continue;
    if (++looked > MAX_BYLINE_CANDIDATES) break;
    if (inComments(element)) continue;
    const text = bylineTextOf(element.textContent);
    if (readsAsName(text)) chosen = { element, text };
  }
  return chosen && chosen.text.length < 100 ? chosen.text : undefined;
}

/** A byline's text without its opener ("By "), and without the date, time or handle it runs into. */
function bylineTextOf(text: string): string {
  return withoutDateline(normalizeSpace(text).replace(bylineOpener, ''));
}

/** Whether the element sits in a comment or a comment section, by class, id or microdata. */
function inComments(element: Element): boolean {
  for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
    if (isMarkedComment(ancestor)) return true;
    const names = `${ancestor.getAttribute('class') ?? ''} ${ancestor.getAttribute('id') ?? ''}`;
    if (COMMENT_WORD.test(names)) return true;
  }
  return false;
}

/** A class or id token naming comments (`comment`, `comments-list`, `commentlist`), not commentary. */
const COMMENT_WORD = /(?:^|[\s_-])comment(?!ary|aries|ator)/i;

/**
 * Whether a byline's text holds a name: a word of two letters or more that is neither part of a
 * date or time nor the opener alone ("By"). An initial ("J"), a count, a date or a lone "By" is no
 * byline; "Updated May 2, 2024 Written by Ann Lee" is.
 */
function readsAsName(text: string): boolean {
  const withoutDate = text.replace(dateWords, ' ').replace(/\s+/g, ' ').trim();
  return NAME_WORD.test(`${withoutDate} `.replace(bylineOpener, ''));
}

/** A word of two letters or more: what a name holds and an initial or a count does not. */
const NAME_WORD = /\p{L}{2}/u;
/** Marked elements read for a byline at most: a page of thousands of `.author` elements is read in part. */
const MAX_BYLINE_CANDIDATES = 50;

function isBylineMarked(element: Element): boolean {
  const className = element.getAttribute('class');
  return (
    element.getAttribute('rel') === 'author' ||
    element.getAttribute('itemprop') === 'author' ||
    (className !== null && (/byline/i.test(className) || /(^|\s)author(\s|$)/.test(className)))
  );
}

const monthName = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
/**
 * The parts of a date or a time: a number with the word beside it ("20 March", "March 20", "8.
 * November", "2:54pm"), and "updated", "published", am and pm. No month names are listed: a word
 * is part of a date when a number stands next to it, a space apart before it (a handle runs its
 * digits on: "LingoLover94").
 */
const dateWords =
  /\p{L}+\.?\s+(?=\d)|\d+(?:[.:,/-]\d+)*\.?\s*(?:\p{L}+)?|\b(?:updated|published|[ap]\.?m\.?)(?![\p{L}])/giu;
/** Where the date, time or handle that bylines often run into begins ("Ann Lee March 9, 2017"). */
const datelineStart = new RegExp(
  `(?:${monthName}\\s+\\d{1,2}\\b|\\d{1,2}\\.?\\s+${monthName}(?:\\s|$)|\\d{1,4}[./-]\\d{1,2}[./-]\\d{1,4}|\\b\\d+\\s*(?:h|min|hours?|days?)\\b|\\b(?:updated|published)\\b|@\\w)`,
  'i',
);

/** A byline without the date, time or handle that follows the name in the same element. */
function withoutDateline(byline: string): string {
  const start = byline.search(datelineStart);
  const name = start === -1 ? byline : byline.slice(0, start);
  const trimmed = name.replace(/[\s—–|•·,-]+$/, '');
  return trimmed === '' ? byline.replace(/[\s—–|•·,-]+$/, '') : trimmed;
}

function readPublished(
  document: Document,
  meta: Map<string, string>,
  jsonLd: JsonLdFacts,
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
    const iso = toIsoDate(candidate);
    if (iso) return iso;
  }
  return undefined;
}

/** A page's date as ISO 8601, the same in every time zone; years outside 1990–2100 are noise. */
function toIsoDate(value: string | undefined): string | undefined {
  if (!value || !/\d{4}/.test(value)) return undefined;
  const date = parseDate(value);
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
