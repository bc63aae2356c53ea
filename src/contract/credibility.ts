/**
 * Kinds of site a source can be, inferred from signals the engine can see (address shape, page
 * metadata), never from a list of favoured sites: `official` (government, intergovernmental or
 * military addresses), `academic` (university addresses, papers, DOIs), `documentation` (docs,
 * reference and manual pages), `news` (news sections, dated article paths), `forum` (threads,
 * questions, discussions), `blog`, `content-farm` (listicles, affiliate links, keyword-stuffed
 * addresses) and `unknown`.
 */
export const SOURCE_KINDS = [
  'official',
  'academic',
  'documentation',
  'news',
  'forum',
  'blog',
  'content-farm',
  'unknown',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** How far a source can be trusted, from 0 (not at all) to 1, with the signals that made it so. */
export interface SourceCredibility {
  /** 0–1, two decimals; 0.5 for a source nothing is known about. */
  score: number;
  kind: SourceKind;
  /** The signals seen, in a few words each ("address of a government", "no author named"). */
  reasons: string[];
}

/**
 * What a question wants of its sources: `recent` (latest, this year, a recent date), `official`
 * (the maker's own statement or a government's), `documentation` (docs, API reference, manual),
 * `academic` (papers, studies, research), `opinion` (reviews, views, experiences), `site` (a named
 * site or `site:` filter), or `none`.
 */
export const SOURCE_INTENTS = [
  'recent',
  'official',
  'documentation',
  'academic',
  'opinion',
  'site',
  'none',
] as const;
export type SourceIntent = (typeof SOURCE_INTENTS)[number];

/** The intent read from a question, and where it came from. */
export interface QueryIntent {
  intent: SourceIntent;
  /** The site asked for, when `intent` is `site` (a host such as `python.org`). */
  site?: string;
  /** `question` when the engine read it from the words, `plan` when the planner's reply gave it. */
  from: 'question' | 'plan';
  /** Why, in a few words ("asks for papers"). */
  reason: string;
}
