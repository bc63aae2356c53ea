import {
  fileCitationLabel,
  quoteOf,
  type Reference,
  type ResearchResult,
  referenceMark,
} from '../contract/index.js';
import { isLiveHref } from '../markdown/index.js';
import type { DocumentBlock, TextRun } from './blocks.js';
import { MAX_QUOTE_CHARS, MAX_TITLE_CHARS } from './limits.js';
import { markdownBlocks } from './markdown-blocks.js';
import { clip, printable } from './printable.js';
import {
  closingSections,
  conflictsSection,
  hasOwnTitle,
  NO_ANSWER,
  OWN_REFERENCE_LIST,
  titleOf,
} from './sections.js';
import { boundTables } from './table-bounds.js';

/** A report ready for a writer: its title (the document's metadata) and its blocks. */
export interface ReportDocument {
  title: string;
  blocks: DocumentBlock[];
}

/** Where a reference stands in the list (from 1), and its mark when its quote is not verified. */
interface Listed {
  number: number;
  note: string;
}

/** One reference as the target of its citations: the title linked to the page, then its quote. */
function referenceBlocks(reference: Reference, { number, note }: Listed): DocumentBlock[] {
  const anchor = `reference-${number}`;
  const marker = `${number}.`;
  const mark: TextRun[] = note ? [{ text: ` ${note}`, italic: true }] : [];
  const file = fileCitationLabel(reference);
  if (file) {
    const quote = printable(reference.quote.trim());
    return [
      { kind: 'paragraph', depth: 1, marker, anchor, runs: [{ text: printable(file), code: true }, ...mark] },
      ...(quote ? [{ kind: 'code' as const, text: clip(quote, MAX_QUOTE_CHARS), depth: 1 }] : []),
    ];
  }
  const title = clip(
    printable(reference.title.trim() || reference.url).replace(/\s+/g, ' '),
    MAX_TITLE_CHARS,
  );
  const link: TextRun = isLiveHref(reference.url) ? { text: title, href: reference.url } : { text: title };
  const quote = clip(printable(quoteOf(reference)), MAX_QUOTE_CHARS);
  return [
    { kind: 'paragraph', depth: 1, marker, anchor, runs: [link, ...mark] },
    ...(quote ? [{ kind: 'paragraph' as const, depth: 2, quote: true, runs: [{ text: quote }] }] : []),
  ];
}

/**
 * A finished run as a document, in the order of every export (see `sections.ts`): the question as
 * title (or the report's own), the answer with its "Could not be verified" section, the conflicts,
 * the references with their quotes (each the target of its `[n]` markers), then the closing
 * sections: support rate, unsettled sub-questions, follow-ups, status.
 */
export function reportDocument(question: string, result: ResearchResult): ReportDocument {
  const references = result.references.length;
  const options = { references };
  // The list below replaces a report's own: its items are the targets of the citation links.
  const answer = result.answer.replace(OWN_REFERENCE_LIST, '').trim() || NO_ANSWER;
  const title = clip(printable(titleOf(question)).trim(), MAX_TITLE_CHARS) || 'Research report';
  const blocks: DocumentBlock[] = hasOwnTitle(answer)
    ? []
    : [{ kind: 'heading', level: 1, runs: [{ text: title }] }];
  blocks.push(...boundTables(markdownBlocks(answer, options)));
  const conflicts = conflictsSection(result);
  if (conflicts) blocks.push(...markdownBlocks(conflicts, options));
  if (references > 0) {
    blocks.push({ kind: 'heading', level: 2, runs: [{ text: 'References' }] });
    blocks.push(
      ...result.references.flatMap((reference, index) =>
        referenceBlocks(reference, { number: index + 1, note: referenceMark(reference, result.claims) }),
      ),
    );
  }
  for (const section of closingSections(result)) blocks.push(...markdownBlocks(section, options));
  return { title, blocks };
}
