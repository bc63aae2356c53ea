import { withEntitiesDecoded } from './entity-text.js';
import { elementsByTag, firstByTag } from './page-index.js';
import type { Document } from './tree/index.js';

/** What the page's JSON-LD (schema.org) blocks say about the page, when they say it. */
export interface JsonLdFacts {
  headline?: string;
  authors: string[];
  datePublished?: string;
  publisherName?: string;
  /** Every `@type` seen, lower-cased (`newsarticle`, `product`, `discussionforumposting`...). */
  types: Set<string>;
  /** Top-level `Product` nodes (variants inside a product are not counted): many mean a list. */
  productCount: number;
  /** The article's own text (`articleBody`), when the page states it. */
  articleBody?: string;
}

type JsonObject = Record<string, unknown>;

const articleTypes =
  /article|posting|report|review|blog|story|webpage|recipe|qapage|question|product|event|course/i;

/** Reads every `<script type="application/ld+json">` block; malformed blocks are skipped. */
export function readJsonLd(document: Document): JsonLdFacts {
  const documentTitle = firstByTag(document, 'title')?.textContent ?? '';
  const facts: JsonLdFacts = { authors: [], types: new Set(), productCount: 0 };
  for (const script of elementsByTag(document, 'script')) {
    if (!(script.getAttribute('type') ?? '').toLowerCase().includes('ld+json')) continue;
    for (const node of flatten(parseJson(script.textContent))) {
      const types = typesOf(node);
      for (const type of types) facts.types.add(type.toLowerCase());
      if (types.includes('Product')) facts.productCount++;
      if (!types.some((type) => articleTypes.test(type))) continue;
      facts.headline ??= headlineOf(node, types, documentTitle);
      if (facts.authors.length === 0) facts.authors = namesOf(node.author);
      facts.datePublished ??= stringOf(node.datePublished) ?? stringOf(node.dateCreated);
      facts.publisherName ??= namesOf(node.publisher)[0];
      facts.articleBody ??= stringOf(node.articleBody);
    }
  }
  return facts;
}

/**
 * `headline`, or `name` of an article; when both exist and differ, the one the `<title>` contains.
 * A `name` that is the publisher's is the site's name, not the article's.
 */
function headlineOf(node: JsonObject, types: string[], documentTitle: string): string | undefined {
  const headline = stringOf(node.headline);
  const articleName = types.some(isArticleType) ? stringOf(node.name) : undefined;
  const name = articleName === namesOf(node.publisher)[0] ? undefined : articleName;
  if (headline && name && headline !== name)
    return documentTitle.includes(name) && !documentTitle.includes(headline) ? name : headline;
  return headline ?? name;
}

/** Whether a schema.org type names a story: Article, NewsArticle, BlogPosting, Report… */
export function isArticleType(type: string): boolean {
  return /article|posting|report|blog|story/i.test(type);
}

function parseJson(text: string): unknown {
  // Some sites wrap JSON-LD in HTML comments or CDATA; strip them before parsing.
  const body = text
    .replace(/^\s*(<!--|(\/\/)?\s*<!\[CDATA\[)/, '')
    .replace(/(-->|(\/\/)?\s*\]\]>)\s*$/, '')
    .trim();
  if (body === '') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    // Malformed JSON-LD is common on the web and only costs us optional metadata.
    return undefined;
  }
}

function flatten(value: unknown, depth = 0): JsonObject[] {
  if (depth > 4 || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item) => flatten(item, depth + 1));
  const node = value as JsonObject;
  const graph = node['@graph'];
  const nested = Array.isArray(graph) ? flatten(graph, depth + 1) : [];
  const main = node.mainEntity ?? node.mainEntityOfPage;
  const mainNodes = main && typeof main === 'object' ? flatten(main, depth + 1) : [];
  return [node, ...nested, ...mainNodes];
}

function typesOf(node: JsonObject): string[] {
  const type = node['@type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string');
  return [];
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return withEntitiesDecoded(value.trim());
  if (Array.isArray(value)) return stringOf(value[0]);
  return undefined;
}

function namesOf(value: unknown): string[] {
  if (typeof value === 'string')
    return value.trim() === '' || /^https?:/.test(value) ? [] : [withEntitiesDecoded(value.trim())];
  if (Array.isArray(value)) return value.flatMap((item) => namesOf(item));
  if (value !== null && typeof value === 'object') {
    const name = stringOf((value as JsonObject).name);
    return name === undefined ? [] : [name];
  }
  return [];
}
