/**
 * The signals credibility is read from: shapes of addresses and pages, never names of favoured
 * sites. Host labels and path segments are compared lower-case, one whole label or segment at a
 * time (`docs.example.org` has the label `docs`; `/en/docs/intro` the segment `docs`).
 */

import type { SourceKind } from '../../contract/index.js';

/** Top-level domains only governments, intergovernmental bodies and armed forces can register. */
export const OFFICIAL_TOP_LEVEL = new Set(['gov', 'mil', 'int']);
/** Second-level labels under a country code that mean government (`gov.uk`, `gouv.fr`, `gob.mx`, `go.jp`). */
export const OFFICIAL_SECOND_LEVEL = new Set(['gov', 'gouv', 'gob', 'govt', 'go', 'gv', 'admin', 'mil']);
/** Top-level domain only accredited higher education can register. */
export const ACADEMIC_TOP_LEVEL = new Set(['edu']);
/** Second-level labels under a country code that mean academia (`ac.uk`, `edu.au`, `ac.jp`). */
export const ACADEMIC_SECOND_LEVEL = new Set(['ac', 'edu', 'uni']);

/** Host labels and path segments that mark each kind of page. */
export const KIND_HOST_LABELS: Partial<Record<SourceKind, ReadonlySet<string>>> = {
  academic: new Set(['scholar', 'journals', 'journal', 'papers', 'research']),
  documentation: new Set([
    'docs',
    'doc',
    'developer',
    'developers',
    'devdocs',
    'api',
    'man',
    'manual',
    'reference',
    'wiki',
  ]),
  news: new Set(['news', 'press', 'newsroom']),
  forum: new Set([
    'forum',
    'forums',
    'community',
    'discuss',
    'discourse',
    'answers',
    'ask',
    'board',
    'boards',
  ]),
  blog: new Set(['blog', 'blogs']),
};
export const KIND_PATH_SEGMENTS: Partial<Record<SourceKind, ReadonlySet<string>>> = {
  academic: new Set([
    'doi',
    'abs',
    'paper',
    'papers',
    'article-abstract',
    'publication',
    'publications',
    'proceedings',
  ]),
  documentation: new Set([
    'docs',
    'doc',
    'documentation',
    'reference',
    'manual',
    'api',
    'handbook',
    'guide',
    'guides',
    'man',
    'spec',
    'specification',
    'library',
  ]),
  news: new Set(['news', 'press', 'newsroom', 'press-releases']),
  forum: new Set([
    'forum',
    'forums',
    'thread',
    'threads',
    'topic',
    'topics',
    'questions',
    'comments',
    'discussion',
    'discussions',
    't',
  ]),
  blog: new Set(['blog', 'blogs', 'posts', 'post']),
};

/** What each kind adds to the score, from 0.5 for a source nothing is known about. */
export const KIND_WEIGHT: Record<SourceKind, number> = {
  official: 0.3,
  academic: 0.25,
  documentation: 0.2,
  news: 0.1,
  forum: -0.05,
  blog: -0.05,
  'content-farm': -0.25,
  unknown: 0,
};

/** What each other signal adds to (or takes from) the score. */
export const SIGNAL_WEIGHT = {
  https: 0.05,
  plainHttp: -0.1,
  ipAddress: -0.1,
  author: 0.05,
  dated: 0.05,
  references: 0.1,
  doi: 0.05,
  affiliateLinks: -0.2,
  perAgreement: 0.05,
  maxAgreement: 0.1,
  perConflict: -0.05,
  maxConflict: -0.1,
} as const;

/** A DOI (`10.1000/xyz123`), in an address or a page's text. */
export const DOI = /\b10\.\d{4,9}\/[^\s"'<>]+/;
/** An arXiv-style paper id in an address (`/abs/2401.01234`). */
export const PAPER_ID = /\/(?:abs|pdf)\/\d{4}\.\d{4,5}/;
/** A headed list of references at the end of a page (markdown heading or a line of its own). */
export const REFERENCES_HEADING =
  /^(?:#{1,6}\s*)?(?:references|bibliography|works cited|sources|citations|literature|notes and references)\s*$/im;
/** Numbered citation markers in running text (`[12]`): this many make a page that cites its sources. */
export const CITATION_MARKER = /\[\d{1,3}\]/g;
export const MIN_CITATION_MARKERS = 5;

/** Query parameters and path segments of affiliate and tracking links. */
export const AFFILIATE_PARAMETERS = [
  'tag',
  'affid',
  'aff_id',
  'affiliate',
  'aff',
  'ref_id',
  'clickid',
  'subid',
  'irclickid',
];
export const AFFILIATE_SEGMENTS = new Set(['go', 'out', 'recommends', 'affiliate', 'aff', 'refer', 'visit']);
/** Affiliate links, as a share of a page's links, that mark a page written to sell (with at least `MIN_AFFILIATE_LINKS`). */
export const AFFILIATE_LINK_SHARE = 0.15;
export const MIN_AFFILIATE_LINKS = 3;

/** Titles of listicles and click bait: a number of "best" things, or a teaser. */
export const LISTICLE_TITLE =
  /\b(?:top\s+\d+|\d+\s+(?:best|top|amazing|incredible|ways|reasons|things|tips|tricks|hacks))\b|you won'?t believe|will blow your mind/i;
/** Words in an address slug past which it reads as stuffed with keywords. */
export const STUFFED_SLUG_WORDS = 9;
/** Hyphens in a host name past which it reads as a made-up keyword domain (`best-cheap-vpn-deals.example`). */
export const STUFFED_HOST_HYPHENS = 2;
/** Content-farm signals that together make one. */
export const CONTENT_FARM_SIGNALS = 2;
