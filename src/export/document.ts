import { fileCitationLabel, quoteOf, type ResearchResult } from '../contract/index.js';
import { isLiveHref } from '../markdown/index.js';
import type { DocumentBlock, TextRun } from './blocks.js';
import { MAX_QUOTE_CHARS, MAX_TITLE_CHARS } from './limits.js';
import { markdownBlocks } from './markdown-blocks.js';
import { clip, printable } from './printable.js';
import { type ListedReference, reportParts } from './sections.js';
import { boundTables } from './table-bounds.js';

/** A report ready for a writer: its title (the document's metadata) and its blocks. */
export interface ReportDocument {
  title: string;
  blocks: DocumentBlock[];
}

/** One reference as the target of its citations: the title linked to the page, then its quote. */
function referenceBlocks({ reference, number, note }: ListedReference): DocumentBlock[] {
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
  const parts = reportParts(question, result, 'replace');
  const options = { references: parts.references.length };
  const title = clip(printable(parts.title).trim(), MAX_TITLE_CHARS) || 'Research report';
  const blocks: DocumentBlock[] = parts.ownTitle
    ? []
    : [{ kind: 'heading', level: 1, runs: [{ text: title }] }];
  blocks.push(...boundTables(markdownBlocks(parts.answer, options)));
  if (parts.conflicts) blocks.push(...markdownBlocks(parts.conflicts, options));
  if (parts.references.length > 0) {
    blocks.push({ kind: 'heading', level: 2, runs: [{ text: 'References' }] });
    blocks.push(...parts.references.flatMap(referenceBlocks));
  }
  for (const section of parts.closing) blocks.push(...markdownBlocks(section, options));
  return { title, blocks };
}
