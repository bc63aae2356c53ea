import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Finding } from '../src/contract/index.js';
import { ensureCorpus } from '../src/corpus/index.js';
import type { ResearchCorpus } from '../src/research/sources/corpora.js';
import {
  corpusUrl,
  fileSource,
  parseCorpusUrl,
  quoteLocation,
} from '../src/research/sources/corpus-files.js';
import { fileQuotePresence, fileReferenceFields } from '../src/research/verification/file-quotes.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';

let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let corpus: ResearchCorpus;

beforeEach(async () => {
  fixture = await copyCorpusFixture();
  const opened = await ensureCorpus({ root: fixture.root, indexPath: fixture.indexPath });
  corpus = { id: 'repo', root: opened.corpus.root, corpus: opened.corpus };
});
afterEach(async () => {
  corpus.corpus.close();
  await fixture.cleanup();
});

/** A finding of lines 21-22 of src/router.ts as the extractor would have made it. */
async function routerFinding(quote: string, lines: { start: number; end: number }): Promise<Finding> {
  const excerpt = await corpus.corpus.readFile({ path: 'src/router.ts', startLine: 20, endLine: 36 });
  return {
    id: 'F1',
    claim: 'The router dispatches paths.',
    quotes: [{ text: quote, location: { kind: 'lines', ...lines } }],
    source: {
      url: fileSource('repo', excerpt).url,
      title: 'src/router.ts:20-36',
      contentHash: excerpt.contentHash,
    },
    subQuestionId: 'q1',
  };
}

describe('file citations', () => {
  it('round-trips corpus addresses, spaces and all', () => {
    const address = { corpus: 'my-notes', path: 'a folder/über.md', startLine: 3, endLine: 9 };
    expect(parseCorpusUrl(corpusUrl(address))).toEqual(address);
    expect(parseCorpusUrl('https://example.com/a?lines=1-2')).toBeUndefined();
  });

  it('locates a quote of a read to lines of the file', async () => {
    const excerpt = await corpus.corpus.readFile({ path: 'src/router.ts', startLine: 20, endLine: 36 });
    const source = fileSource('repo', excerpt);
    const start = source.text.indexOf('export class Router');
    expect(quoteLocation(source, { start, end: start + 19 })).toEqual({ kind: 'lines', start: 22, end: 22 });
  });

  it('verifies a quote only in the lines it cites, against the version that was read', async () => {
    const quote = '/** Dispatches request paths to the first route whose pattern matches. */';
    const right = await routerFinding(quote, { start: 21, end: 21 });
    const present = fileQuotePresence([corpus], right);
    expect(present?.(right.quotes[0] as Finding['quotes'][0])).toBe(true);
    expect(fileReferenceFields(right)).toMatchObject({
      path: 'src/router.ts',
      startLine: 21,
      endLine: 21,
      corpus: 'repo',
    });

    const wrongLines = await routerFinding(quote, { start: 1, end: 5 });
    expect(fileQuotePresence([corpus], wrongLines)?.(wrongLines.quotes[0] as Finding['quotes'][0])).toBe(
      false,
    );
    const invented = await routerFinding('/** Routes requests by regular expressions. */', {
      start: 21,
      end: 21,
    });
    expect(fileQuotePresence([corpus], invented)?.(invented.quotes[0] as Finding['quotes'][0])).toBe(false);
    // Another corpus, or none: nothing to check against, so nothing is verified.
    expect(fileQuotePresence([], right)?.(right.quotes[0] as Finding['quotes'][0])).toBe(false);

    // The file changes after it was read: the quote still checks against the version read.
    await writeFile(join(fixture.root, 'src/router.ts'), '// rewritten\n');
    await corpus.corpus.update();
    expect(present?.(right.quotes[0] as Finding['quotes'][0])).toBe(true);
  });
});
