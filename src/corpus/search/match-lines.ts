import { MAX_MATCH_LINES, SNIPPET_LINE_CHARS, SNIPPET_LINES } from '../constants.js';
import { tokenize } from '../tokenize/index.js';

/** The lines of a passage that match a query. */
export interface MatchedLines {
  /** File line numbers (1-based) holding a query term, in order, at most MAX_MATCH_LINES. */
  matchLines: number[];
  /** The line that matches best (rarest terms in the passage), undefined when none matches. */
  bestLine: number | undefined;
  /**
   * The best-matching lines (or, when none matches, the first lines that hold text), in file order,
   * each as `506: text`.
   */
  snippet: string;
}

const numbered = (line: number, text: string) => `${line}: ${text.trim().slice(0, SNIPPET_LINE_CHARS)}`;

/**
 * Finds the lines of a passage (`text`, starting at file line `startLine`) that hold the query's
 * terms, tokenised as the index is (stems, identifier parts and wholes). A line scores the sum of
 * 1 / (lines of the passage holding the term) over its terms, so a rare term (`createServer`)
 * outweighs a common one (`server`). The snippet is the best lines (those scoring at least half
 * the best one's), shown in file order.
 */
export function matchLines(options: { text: string; startLine: number; query: string }): MatchedLines {
  const terms = new Set(tokenize(options.query));
  const lines = options.text.split('\n');
  const lineTerms = lines.map((line) =>
    terms.size === 0 ? [] : [...new Set(tokenize(line))].filter((term) => terms.has(term)),
  );
  const frequency = new Map<string, number>();
  for (const found of lineTerms)
    for (const term of found) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const scored = lineTerms
    .map((found, index) => ({
      index,
      score: found.reduce((sum, term) => sum + 1 / (frequency.get(term) ?? 1), 0),
    }))
    .filter((line) => line.score > 0);
  if (scored.length === 0) {
    const first = lines
      .map((text, index) => ({ text, index }))
      .filter((line) => line.text.trim())
      .slice(0, SNIPPET_LINES);
    return {
      matchLines: [],
      bestLine: undefined,
      snippet: first.map((line) => numbered(options.startLine + line.index, line.text)).join('\n'),
    };
  }
  const best = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const top = best[0]?.score ?? 0;
  // Lines matching much less than the best one (a common word only) are left out of the snippet.
  const shown = best
    .filter((line) => line.score >= top / 2)
    .slice(0, SNIPPET_LINES)
    .sort((a, b) => a.index - b.index);
  return {
    matchLines: scored.slice(0, MAX_MATCH_LINES).map((line) => options.startLine + line.index),
    bestLine: options.startLine + (best[0]?.index ?? 0),
    snippet: shown
      .map((line) => numbered(options.startLine + line.index, lines[line.index] ?? ''))
      .join('\n'),
  };
}
