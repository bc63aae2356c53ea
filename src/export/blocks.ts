/**
 * What the PDF and DOCX writers draw: a flat list of blocks made of styled runs. The report's
 * markdown goes through the one parser (`markdownTree`) into this list, so both formats show the
 * same document the HTML export and the web UI do.
 */

/** A piece of text with one style; `href` links out, `reference` links to the numbered reference. */
export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
  /** An http(s) or mailto address (no other scheme reaches a run). */
  href?: string;
  /** 1-based number of the reference a citation marker points at. */
  reference?: number;
}

/** One block of the document, in reading order. */
export type DocumentBlock =
  | { kind: 'heading'; level: number; runs: TextRun[] }
  | {
      kind: 'paragraph';
      runs: TextRun[];
      /** Nesting of lists and quotes, 0 at the margin. */
      depth: number;
      /** A list item's bullet or number (`•`, `3.`). */
      marker?: string;
      /** Inside a block quote. */
      quote?: boolean;
      /** The name internal links reach this paragraph by (`reference-3`). */
      anchor?: string;
    }
  | { kind: 'code'; text: string; depth: number }
  /** Rows of cells, each cell a list of runs; the first `headerRows` rows are the header. */
  | { kind: 'table'; rows: TextRun[][][]; headerRows: number }
  | { kind: 'rule' };

/** The text of runs, for measuring and for tests. */
export const runsText = (runs: readonly TextRun[]): string => runs.map((run) => run.text).join('');
