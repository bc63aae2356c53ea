/**
 * Where a quote sits in its stored source: a character range of a page's text (`end` exclusive),
 * or a line range of a file (1-based, inclusive).
 */
export type QuoteLocation =
  | { kind: 'chars'; start: number; end: number }
  | { kind: 'lines'; start: number; end: number };

/** A verbatim span of a source, found in its stored text at `location`. */
export interface FindingQuote {
  text: string;
  location: QuoteLocation;
}

/**
 * What the extractor learned from one source for one sub-question: a claim and the verbatim quotes
 * that support it. Only quotes found in the stored source are kept; a finding has at least one.
 */
export interface Finding {
  /** `F1`, `F2`… in the order found; what the writer cites. */
  id: string;
  claim: string;
  quotes: FindingQuote[];
  /** The page or file; a file (`corpus://` url) carries the content hash of the version read. */
  source: { url: string; title: string; contentHash?: string };
  /** Id of the sub-question it helps answer (`q2`). */
  subQuestionId: string;
  /** Date of the source or of the statement (ISO-8601 or as the page gives it), when known. */
  publishedAt?: string;
  /** The sub-researcher that found it (see `EventBase.subResearcher`), in runs that have them. */
  subResearcher?: string;
  /**
   * Present for a computed finding: the program and its output (its one quote shows both), and
   * the findings it was computed from, which are its sources.
   */
  computation?: FindingComputation;
}

/**
 * A program the `compute` action ran in the sandbox over findings' figures. Deterministic: a
 * sentence citing it is checked by running the program again on the same inputs. A computed
 * figure is as trustworthy as its inputs: it supports a sentence only when it is reproduced and
 * every input finding's quotes are still in their sources.
 */
export interface FindingComputation {
  language: 'javascript';
  /** The program: a function body reading `inputs` and ending with `return`. */
  program: string;
  /** Ids of the findings whose figures were its inputs (`F1`, `F2`), in order. */
  inputs: string[];
  /** What it returned: a string as is, any other value as JSON. */
  output: string;
  /** What the output is, as the planner put it ("percentage change of sales 2022–2023"). */
  purpose: string;
  /** Milliseconds it ran in the sandbox. */
  durationMs: number;
}

/** What the run learned; the engine's memory, rebuilt from `knowledge-add` events on resume. */
export interface KnowledgeItem {
  kind: 'fact' | 'source-summary' | 'evaluation-feedback' | 'qa' | 'note';
  content: string;
  question?: string;
  url?: string;
}
