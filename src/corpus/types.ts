/** How a file is read and chunked. */
export type FileKind = 'code' | 'prose' | 'document';

/**
 * What a file is in its repository, which search weighs (source first): `source` (the default),
 * `test`, `fixture` (test data, snapshots, mocks), `generated` (a generator's or a compiler's output,
 * minified code), `declaration` (`.d.ts`, `.pyi`), `docs` (prose and documents), `data` (JSON, YAML,
 * CSV and the like). See `src/corpus/roles/role-patterns.ts` for the conventions recognised.
 */
export type FileRole = 'source' | 'test' | 'fixture' | 'generated' | 'declaration' | 'docs' | 'data';

/** What a definition is; methods are functions inside a class or type. */
export type SymbolKind =
  | 'function'
  | 'method'
  | 'class'
  | 'interface'
  | 'type'
  | 'enum'
  | 'module'
  | 'constant'
  | 'variable';

/**
 * What happens to well-known secret files (`.env`, private keys, credentials files): `skip` (the
 * default) leaves them out; `index` indexes them like any file.
 */
export type SecretFileMode = 'skip' | 'index';

/** How `searchCorpus` ranks: BM25F only, embeddings only, or both fused by rank (lexical alone without an embedding model). */
export type SearchMode = 'lexical' | 'semantic' | 'hybrid';

/** One ranked passage of a corpus file. */
export interface CorpusHit {
  /** Path relative to the corpus root, `/`-separated. */
  path: string;
  /** First and last line of the passage, 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /**
   * Higher is better: BM25F (lexical) or cosine similarity (semantic) times the passage's priors
   * (its file's role and centrality, a named symbol's definition), or the fused reciprocal rank of
   * the two (hybrid with an embedding model). A file's first passage carries the file's score: its
   * best passage's plus a share of its next ones' (see `RANKING_WEIGHTS.fileSupport`).
   */
  score: number;
  text: string;
  /**
   * The definition the best-matching line belongs to, e.g. `Router.handle` (the passage's main
   * definition when no line matches); absent when that line is outside every definition.
   */
  symbol?: string;
  /** File lines (1-based) of the passage that hold a query term, in order. */
  matchLines: number[];
  /** The best-matching lines (the first ones when none matches), in file order, each as `506: text`. */
  snippet: string;
  /** sha256 hex of the file's bytes as indexed. */
  contentHash: string;
}

/** Lines of a corpus file as `readFile` returns them. */
export interface FileExcerpt {
  path: string;
  startLine: number;
  endLine: number;
  /** Lines in the whole file. */
  totalLines: number;
  text: string;
  contentHash: string;
  kind: FileKind;
  language: string | undefined;
}

/** A definition found by tree-sitter. */
export interface SymbolDefinition {
  name: string;
  /** `Container.name` for methods, otherwise `name`. */
  qualifiedName: string;
  kind: SymbolKind;
  path: string;
  startLine: number;
  endLine: number;
  contentHash: string;
  /** The definition's first line, trimmed. */
  signature: string;
}

/** One use of a name: a call, a type annotation, or any other reference. */
export interface SymbolReference {
  name: string;
  path: string;
  line: number;
  kind: 'call' | 'type' | 'reference';
  /** The definition the reference sits in (`Router.handle`), if any. */
  enclosing?: string;
  /** The line's text, trimmed. */
  text: string;
  contentHash: string;
}

/** A function that calls or is called by the resolved symbol, with the lines of the call. */
export interface CallEdge {
  /** The caller (for `callers`) or the callee (for `callees`). */
  symbol: string;
  /** Where that symbol is defined, when the corpus defines it. */
  definitions: SymbolDefinition[];
  /** Where the calls are. */
  calls: SymbolReference[];
}

/** Callers or callees of a symbol: its definitions and, per calling or called symbol, the calls. */
export interface CallResolution {
  kind: 'callers' | 'callees';
  name: string;
  definitions: SymbolDefinition[];
  edges: CallEdge[];
}

/** What `resolveSymbol` answers, by the kind asked. */
export interface SymbolResolutionByKind {
  definition: { kind: 'definition'; name: string; definitions: SymbolDefinition[] };
  references: { kind: 'references'; name: string; references: SymbolReference[] };
  callers: CallResolution;
  callees: CallResolution;
}

/** Any answer of `resolveSymbol`. */
export type SymbolResolution = SymbolResolutionByKind[keyof SymbolResolutionByKind];

/** A repository map: the most referenced files and their main symbols, within a token budget. */
export interface RepositoryMap {
  text: string;
  files: Array<{ path: string; rank: number; symbols: SymbolDefinition[] }>;
  /** Estimated tokens of `text`. */
  tokens: number;
}

/** Whether a quote is in the cited lines of a file as it was indexed. */
export interface QuoteVerification {
  verified: boolean;
  /**
   * - `found`: verbatim (after normalising whitespace and quote marks) in the lines;
   * - `not_in_lines`: in the file, but outside the cited lines;
   * - `not_found`: not in the file;
   * - `unknown_version`: no indexed version of the file has that content hash;
   * - `unknown_file`: the corpus has no such file.
   */
  reason: 'found' | 'not_in_lines' | 'not_found' | 'unknown_version' | 'unknown_file';
  /** Lines where the quote was found, when it was (possibly outside the cited range). */
  foundAt?: { startLine: number; endLine: number };
}

/** A file the walk found but did not index; `secret`: a well-known secret file (`.env`, a key). */
export interface SkippedFile {
  path: string;
  reason: 'secret' | 'binary' | 'too_large' | 'unreadable';
  /** What went wrong, for `unreadable`. */
  message?: string;
}

/** Figures of one index run. */
export interface IndexSummary {
  root: string;
  indexPath: string;
  /** Files in the index after the run. */
  files: number;
  /** Files read again because they were new or changed, and files dropped. */
  changed: number;
  removed: number;
  /** Files skipped: secret, binary, too large, or unreadable, with the reason for each. */
  skipped: number;
  skippedFiles: SkippedFile[];
  chunks: number;
  symbols: number;
  /** Chunks embedded during this run. */
  embedded: number;
  seconds: number;
  /** What did not work but did not stop the run, e.g. vectors not updated for want of a key. */
  warnings: string[];
}

/** Progress of an index run, for a terminal or an event stream. */
export interface IndexProgress {
  phase: 'scan' | 'read' | 'embed';
  done: number;
  total: number;
  path?: string;
}
