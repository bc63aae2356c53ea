import type { QuoteLocation } from '../../contract/index.js';
import type { FileExcerpt } from '../../corpus/index.js';
import { type Source, splitPassages } from '../../reader/index.js';

/** Scheme of the addresses of corpus files: `corpus://<corpus id>/<path>?lines=<start>-<end>`. */
const SCHEME = 'corpus:';

/** Lines of one file of one corpus, as a read names them. */
export interface FileAddress {
  corpus: string;
  /** Relative to the corpus root, `/`-separated. */
  path: string;
  startLine: number;
  endLine: number;
}

/** The `corpus://` address of lines of a file: what a file source's `url` is. */
export function corpusUrl(address: FileAddress): string {
  const path = address.path.split('/').map(encodeURIComponent).join('/');
  return `corpus://${encodeURIComponent(address.corpus)}/${path}?lines=${address.startLine}-${address.endLine}`;
}

/** The file and lines a `corpus://` address names; undefined for any other URL. */
export function parseCorpusUrl(url: string): FileAddress | undefined {
  if (!url.startsWith(SCHEME)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const lines = /^(\d+)-(\d+)$/.exec(parsed.searchParams.get('lines') ?? '');
  const path = parsed.pathname
    .replace(/^\/+/, '')
    .split('/')
    .map((part) => decodeURIComponent(part))
    .join('/');
  if (!lines || !parsed.host || !path) return undefined;
  return {
    corpus: decodeURIComponent(parsed.host),
    path,
    startLine: Number(lines[1]),
    endLine: Number(lines[2]),
  };
}

/** Whether a URL names lines of a corpus file. */
export function isCorpusUrl(url: string): boolean {
  return parseCorpusUrl(url) !== undefined;
}

/**
 * Lines of a corpus file as a `Source`: its text is exactly the lines read (joined by newlines), so
 * a quote found at a character offset maps back to a line; its hash is the file's as indexed.
 */
export function fileSource(corpus: string, excerpt: FileExcerpt): Source {
  const address = { corpus, path: excerpt.path, startLine: excerpt.startLine, endLine: excerpt.endLine };
  const url = corpusUrl(address);
  return {
    url,
    finalUrl: url,
    title: `${excerpt.path}:${excerpt.startLine}-${excerpt.endLine}`,
    contentType: 'text/plain',
    markdown: excerpt.text,
    text: excerpt.text,
    passages: splitPassages(excerpt.text),
    contentHash: excerpt.contentHash,
    fetchedAt: new Date().toISOString(),
  };
}

/** Line of `text` (1-based) that character `offset` falls on. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1))
    line += 1;
  return line;
}

/**
 * Where a quote found at `range` of a source's text sits: file lines for a corpus file (the read's
 * first line plus the lines before the quote), characters for a page.
 */
export function quoteLocation(source: Source, range: { start: number; end: number }): QuoteLocation {
  const address = parseCorpusUrl(source.url);
  if (!address) return { kind: 'chars', start: range.start, end: range.end };
  const first = address.startLine - 1;
  return {
    kind: 'lines',
    start: first + lineOf(source.text, range.start),
    end: first + lineOf(source.text, Math.max(range.start, range.end - 1)),
  };
}

/** What a finding records of its source: url and title, and a file's content hash. */
export function findingSource(source: Source): { url: string; title: string; contentHash?: string } {
  const base = { url: source.url, title: source.title || source.url };
  return isCorpusUrl(source.url) ? { ...base, contentHash: source.contentHash } : base;
}

/**
 * A found quote as a finding keeps it: a page's with whitespace collapsed, a file's with its lines
 * (trailing spaces dropped), so code keeps its layout when shown.
 */
export function quoteText(source: Source, range: { start: number; end: number }): string {
  const raw = source.text.slice(range.start, range.end);
  if (!isCorpusUrl(source.url)) return raw.replace(/\s+/g, ' ');
  return raw
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}
