/** What a run did with its corpora: calls made (to spot repeats) and results for the planner. */
export interface CorpusProgress {
  /** Normalised `query|mode|prefix` of each search_corpus call. */
  searches: Set<string>;
  /** `path:start-end` of each read (display paths). */
  reads: Set<string>;
  /** `name|kind` of each resolve_symbol call. */
  resolved: Set<string>;
  /** Subtrees whose map was read (`''` for the whole corpus). */
  maps: Set<string>;
  /** Tool results as the planner sees them, oldest first. */
  results: string[];
  /** Files read (display paths), in order: what coverage and the subtree nudge look at. */
  files: string[];
  /** The best hits of each search_corpus query (display paths), for the default policy to read. */
  hits: Map<string, CorpusHitPlace[]>;
  /** Folders the run was already nudged out of. */
  nudged: Set<string>;
  /** A one-time hint for the prompt of step `step` (a nudge out of a subtree). */
  hint?: { step: number; text: string };
}

/** Where a search hit lies: a file (display path) and its lines. */
export interface CorpusHitPlace {
  path: string;
  startLine: number;
}

/** Results kept for the planner; older ones are dropped. */
const MAX_RESULTS = 12;

/** The run's corpus progress, created on first use. */
export function corpusProgress(sources: { corpus?: CorpusProgress }): CorpusProgress {
  sources.corpus ??= {
    searches: new Set(),
    reads: new Set(),
    resolved: new Set(),
    maps: new Set(),
    results: [],
    files: [],
    hits: new Map(),
    nudged: new Set(),
  };
  return sources.corpus;
}

/** Adds a result for the planner, dropping the oldest beyond MAX_RESULTS. */
export function addCorpusResult(sources: { corpus?: CorpusProgress }, text: string): void {
  const { results } = corpusProgress(sources);
  results.push(text);
  if (results.length > MAX_RESULTS) results.splice(0, results.length - MAX_RESULTS);
}

/** The folder of a display path (`repo:src/a/b.ts` → `repo:src/a`), `''` at the root. */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}
