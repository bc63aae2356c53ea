import type { Finding, FindingQuote, Reference } from '../../contract/index.js';
import { corpusOf, type ResearchCorpus } from '../sources/corpora.js';
import { parseCorpusUrl } from '../sources/corpus-files.js';

/**
 * For a finding from a corpus file: whether each quote is in the lines it was located at, in the
 * file as it was indexed when read (the finding's content hash; the index keeps recent versions).
 * Undefined for a finding from a web page. A file whose corpus or hash is missing has no quote.
 */
export function fileQuotePresence(
  corpora: readonly ResearchCorpus[] | undefined,
  finding: Finding,
): ((quote: FindingQuote) => boolean) | undefined {
  const address = parseCorpusUrl(finding.source.url);
  if (!address) return undefined;
  const corpus = corpusOf(corpora ?? [], address.corpus);
  const hash = finding.source.contentHash;
  return (quote) => {
    if (!corpus || !hash || quote.location.kind !== 'lines') return false;
    return corpus.corpus.verifyFileQuote({
      path: address.path,
      startLine: quote.location.start,
      endLine: quote.location.end,
      quote: quote.text,
      contentHash: hash,
    }).verified;
  };
}

/** A file reference's path, line span of its quotes, corpus and hash; nothing for a page. */
export function fileReferenceFields(finding: Finding): Partial<Reference> {
  const address = parseCorpusUrl(finding.source.url);
  if (!address) return {};
  const spans = finding.quotes.flatMap((quote) => (quote.location.kind === 'lines' ? [quote.location] : []));
  const startLine = spans.length > 0 ? Math.min(...spans.map((span) => span.start)) : address.startLine;
  const endLine = spans.length > 0 ? Math.max(...spans.map((span) => span.end)) : address.endLine;
  return {
    path: address.path,
    startLine,
    endLine,
    corpus: address.corpus,
    ...(finding.source.contentHash ? { contentHash: finding.source.contentHash } : {}),
  };
}
