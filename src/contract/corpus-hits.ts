/**
 * One passage of a `search_corpus` tool result as events carry it (`tool-result` of
 * `search_corpus`: `output.hits`): where it is, the symbol its best-matching lines belong to, and
 * those lines. The UI shows hits from it; never the whole passage.
 */
export interface CorpusHitSummary {
  /** Path relative to the corpus root, `/`-separated. */
  path: string;
  /** First and last line of the passage, 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /** The definition the best-matching lines belong to, e.g. `Router.handle`, when it is code. */
  symbol?: string;
  /** File lines of the passage holding a query term, in order. */
  matchLines: number[];
  /** The best-matching lines (the first ones when none matches), each as `506: text`. */
  snippet: string;
}
