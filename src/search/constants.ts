/**
 * Search defaults that change behaviour, in one place: timeouts, fusion and per-provider rate limits.
 */

/** Timeout of one search request (connect + whole body), in milliseconds. */
export const SEARCH_TIMEOUT_MS = 15_000;

/** The `k` of reciprocal-rank fusion: a result at rank r scores 1 / (k + r) in each list. */
export const RECIPROCAL_RANK_FUSION_K = 60;

/** A 429 is retried once when its Retry-After is shorter than this, in milliseconds. */
export const MAX_RETRY_AFTER_MS = 5_000;

/** Characters of an upstream error body kept in an error message. */
export const ERROR_DETAIL_MAX_CHARS = 200;

/** How many requests a provider may have in flight, and how far apart they must start. */
export interface RateLimit {
  /** Requests in flight at once. */
  maxConcurrent: number;
  /** Minimum time between the starts of two requests, in milliseconds. */
  minIntervalMs: number;
}

/**
 * Default limits per provider, chosen from each service's published limits so that one research
 * step firing several queries does not set off a storm of 429s.
 */
export const SEARCH_RATE_LIMITS = {
  /** The HTML endpoint blocks bursts with a captcha page; go slowly. */
  duckduckgo: { maxConcurrent: 1, minIntervalMs: 1_000 },
  wikipedia: { maxConcurrent: 2, minIntervalMs: 100 },
  /** arXiv asks for no more than one request every three seconds. */
  arxiv: { maxConcurrent: 1, minIntervalMs: 3_000 },
  searxng: { maxConcurrent: 4, minIntervalMs: 0 },
  /** Brave's free plan allows one request per second. */
  brave: { maxConcurrent: 1, minIntervalMs: 1_050 },
  serper: { maxConcurrent: 4, minIntervalMs: 100 },
  tavily: { maxConcurrent: 4, minIntervalMs: 100 },
  exa: { maxConcurrent: 4, minIntervalMs: 200 },
  jina: { maxConcurrent: 2, minIntervalMs: 300 },
  firecrawl: { maxConcurrent: 2, minIntervalMs: 500 },
  /** GitHub search allows 30 requests a minute with a token (10 without, 10 for code search). */
  github: { maxConcurrent: 1, minIntervalMs: 2_000 },
} as const satisfies Record<string, RateLimit>;
