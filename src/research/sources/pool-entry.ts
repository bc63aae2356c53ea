/**
 * A URL found by search, with what the planner needs to decide whether to read it. Read-only: the
 * pool changes its entries (a search that finds a URL again adds its score, query and providers)
 * and keeps what a ranking reads of them up to date as it does; nobody else may.
 */
export interface PoolEntry {
  readonly url: string;
  readonly title: string;
  readonly snippet: string;
  /** Publication date the search provider gave (ISO-8601), when it gave one. */
  readonly publishedAt?: string;
  /** Reciprocal-rank-fusion score over every query that returned it, boosts applied. */
  readonly score: number;
  /** Queries that returned it. */
  readonly queries: readonly string[];
  /** Providers that returned it (several when fused results agreed). */
  readonly providers: readonly string[];
}
