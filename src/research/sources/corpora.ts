// The error class only: the corpus module itself (SQLite, tree-sitter) loads when a run opens a folder.
import { type Corpus, CorpusError } from '../../corpus/index.js';
import type { Reader, Source } from '../../reader/index.js';
import { fileSource, parseCorpusUrl } from './corpus-files.js';

/** A local folder a run researches: its id (what the model and API clients name it by) and its index. */
export interface ResearchCorpus {
  /** Short id, e.g. `corpus-repo`; see `corpusIds`. */
  id: string;
  /** The folder's real path, for people (never sent to API clients). */
  root: string;
  corpus: Corpus;
}

/** `repo:src/a.ts` when the run has several corpora, `src/a.ts` when it has one. */
export function displayPath(corpora: readonly ResearchCorpus[], corpus: string, path: string): string {
  return corpora.length > 1 ? `${corpus}:${path}` : path;
}

/**
 * The corpus and relative path a model's path names: `id:path` picks a corpus; a bare path is the
 * only corpus's, or the first corpus whose index has such a file. Throws `CorpusError` otherwise.
 */
export function resolveCorpusPath(
  corpora: readonly ResearchCorpus[],
  given: string,
): { corpus: ResearchCorpus; path: string } {
  const trimmed = given.trim();
  const prefixed = /^([a-z0-9._-]+):(?!\/\/)(.+)$/.exec(trimmed);
  const named = prefixed ? corpora.find((item) => item.id === prefixed[1]) : undefined;
  if (named && prefixed?.[2]) return { corpus: named, path: prefixed[2] };
  const only = corpora.length === 1 ? corpora[0] : undefined;
  if (only) return { corpus: only, path: trimmed };
  const first = corpora[0];
  if (!first) {
    throw new CorpusError({ code: 'invalid_request', message: 'This run has no corpus to read from.' });
  }
  throw new CorpusError({
    code: 'invalid_request',
    path: trimmed,
    message: `Several corpora are open; prefix the path with one of ${corpora.map((item) => item.id).join(', ')}, e.g. "${first.id}:${trimmed}".`,
  });
}

/** Only the corpus named `id`, for `corpus://` addresses. */
function byId(corpora: readonly ResearchCorpus[], id: string): ResearchCorpus {
  const found = corpora.find((item) => item.id === id);
  if (found) return found;
  throw new CorpusError({
    code: 'invalid_request',
    message: `Unknown corpus "${id}"; this run has ${corpora.map((item) => item.id).join(', ') || 'none'}.`,
  });
}

/** Reads lines of a corpus file as a source (from the index, re-indexed first if it changed). */
export async function readFileSource(
  corpus: ResearchCorpus,
  request: { path: string; startLine?: number; endLine?: number },
): Promise<Source> {
  const excerpt = await corpus.corpus.readFile(request);
  return fileSource(corpus.id, excerpt);
}

/**
 * A reader that reads `corpus://` addresses from the run's corpora and every other URL with
 * `base`: sources of a resumed run's files are read again like its pages.
 */
export function withCorpusReader(base: Reader, corpora: readonly ResearchCorpus[]): Reader {
  return {
    async read(url, options) {
      const address = parseCorpusUrl(url);
      if (!address) return base.read(url, options);
      return readFileSource(byId(corpora, address.corpus), address);
    },
  };
}

/** The corpus a `corpus://` address names, when the run has it. */
export function corpusOf(corpora: readonly ResearchCorpus[], id: string): ResearchCorpus | undefined {
  return corpora.find((item) => item.id === id);
}
