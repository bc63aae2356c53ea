import type { ReferenceSnapshot } from './archive.js';
import type { SourceCredibility } from './credibility.js';
import type { FindingComputation } from './findings.js';

/**
 * A citation: `[n]` in the answer points at the n-th reference. `verified` is true only when the
 * quote is present in the stored text of `url` and was judged to support every sentence citing it.
 */
export interface Reference {
  url: string;
  title: string;
  /** The cited finding's quote (several quotes of one finding are joined by " … "). */
  quote: string;
  verified: boolean;
  /**
   * How relevant the citation is, 0–1: for a verified reference, the lowest share, over the
   * sentences citing it, of the sentence's content words (stemmed, function words left out) that
   * its quotes hold; 0 for a reference that is not verified. What `/v1`'s
   * `min_annotation_relevance` compares with. Absent in runs stored by earlier versions.
   */
  relevance?: number;
  /** Id of the finding the reference was made from (`F12`), when it came from one. */
  findingId?: string;
  /**
   * For a file of a local corpus: its path relative to the corpus root and the lines the quote
   * spans (1-based, inclusive). `verified` then also means the quote is in those lines of the file
   * as it was indexed when read (`contentHash`). `url` is the file's `corpus://` address.
   */
  path?: string;
  startLine?: number;
  endLine?: number;
  /** Id of the corpus the file belongs to. */
  corpus?: string;
  /** sha256 hex of the file as indexed when it was read. */
  contentHash?: string;
  /**
   * For a computed finding: the program, its inputs' finding ids and its output. `verified` then
   * means the program was run again and gave the same output, and its inputs' quotes were found.
   */
  computation?: Pick<FindingComputation, 'language' | 'program' | 'inputs' | 'output'>;
  /** How credible the cited page is and why (web pages only; see `SourceCredibility`). */
  credibility?: SourceCredibility;
  /** The page as the run read it (web pages only): its body's hash and whether it was archived. */
  snapshot?: ReferenceSnapshot;
}

/** `computed from F1, F2` for a reference to a computation; undefined for a page or a file. */
export function computationCitationLabel(reference: Pick<Reference, 'computation'>): string | undefined {
  const computation = reference.computation;
  return computation ? `computed from ${computation.inputs.join(', ')}` : undefined;
}

/** `src/router.ts:27-33` for a reference to lines of a file; undefined for a web page. */
export function fileCitationLabel(
  reference: Pick<Reference, 'path' | 'startLine' | 'endLine' | 'corpus'>,
): string | undefined {
  if (reference.path === undefined || reference.startLine === undefined) return undefined;
  const end = reference.endLine ?? reference.startLine;
  return `${reference.path}:${reference.startLine}${end !== reference.startLine ? `-${end}` : ''}`;
}

/**
 * How a markdown reference list names a reference: a file as code (`` `src/a.ts:3-5` ``), a computation
 * by its title and inputs, a web page as a link to its URL (titled by its URL when it has no title).
 */
export function referenceMarkdownLabel(reference: Reference): string {
  const title = reference.title.trim() || reference.url;
  const file = fileCitationLabel(reference);
  if (file) return `\`${file}\``;
  const computed = computationCitationLabel(reference);
  return computed ? `${title} (${computed})` : `[${title}](${reference.url})`;
}
