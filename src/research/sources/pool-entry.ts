/** A URL found by search, with what the planner needs to decide whether to read it. */
export interface PoolEntry {
  url: string;
  title: string;
  snippet: string;
  /** Publication date the search provider gave (ISO-8601), when it gave one. */
  publishedAt?: string;
  /** Reciprocal-rank-fusion score over every query that returned it, boosts applied. */
  score: number;
  /** Queries that returned it. */
  queries: string[];
  /** Providers that returned it (several when fused results agreed). */
  providers: string[];
}
