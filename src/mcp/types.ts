import type { ResearchConfig } from '../config/index.js';
import type { ResearchEvent, ResearchResult } from '../contract/index.js';
import type { Reader } from '../reader/index.js';
import type { ResearchOptions } from '../research/index.js';
import type { SearchProvider } from '../search/index.js';

/** How `search_corpus` ranks: BM25 only, embeddings only, or both fused by rank. */
export type CorpusSearchMode = 'lexical' | 'semantic' | 'hybrid';

/** One ranked passage of a corpus file. */
export interface CorpusPassage {
  /** Path relative to the corpus root, `/`-separated. */
  path: string;
  /** First and last line of the passage, 1-based, inclusive. */
  startLine: number;
  endLine: number;
  text: string;
  /** Higher is better. */
  score?: number;
  /** The definition the best-matching lines belong to, e.g. `Router.handle`, when it is code. */
  symbol?: string;
  /** File lines of the passage that hold a query term, when known. */
  matchLines?: number[];
  /** The best-matching lines, each as `506: text`, when known. */
  snippet?: string;
}

/** Lines of a corpus file. */
export interface CorpusExcerpt {
  path: string;
  startLine: number;
  endLine: number;
  text: string;
  /** Lines in the whole file, when known. */
  totalLines?: number;
}

/**
 * What the MCP server needs of a registered corpus (a local folder or repository, indexed): the
 * corpus module's corpora fit it as they are.
 */
export interface McpCorpus {
  /** Id callers name it by, e.g. the folder's name. */
  readonly id: string;
  searchCorpus(query: string, mode: CorpusSearchMode, limit: number): Promise<CorpusPassage[]>;
  /** Lines `startLine`..`endLine` (1-based, inclusive) of a file; the whole file when absent. */
  readFile(path: string, startLine?: number, endLine?: number): Promise<CorpusExcerpt>;
}

/** What the `research` tool hands a run besides its options. */
export interface ResearchHooks {
  /** Aborted when the MCP caller cancels the request: the run ends `cancelled`. */
  signal: AbortSignal;
  /** Every event of the run, in order; the tool turns them into progress notifications. */
  onEvent: (event: ResearchEvent) => void;
}

/** Runs one research question: `research()` with the operator's runtime, or the run service. */
export type ResearchFunction = (options: ResearchOptions, hooks: ResearchHooks) => Promise<ResearchResult>;

/** What `createMcpServer` is built from; tests inject fakes. */
export interface McpServerDependencies {
  research: ResearchFunction;
  /** The operator's research options (CLI flags, config file): the defaults of every run. */
  defaults: ResearchConfig;
  /** Reads pages for the `read` tool (the safe reader with the operator's `allowHosts`). */
  reader: Reader;
  /** The configured web search providers, fanned out, for the `search` tool. */
  search: SearchProvider;
  /** Registered corpora; when there are some, `search_corpus` and `read_file` are offered. */
  corpora?: readonly McpCorpus[];
  /** Files and folders the `read` tool may read; any other local path is refused. Default none. */
  allowedFiles?: readonly string[];
  /** Model ids callers may choose besides the operator's own; absent or empty: any. */
  allowedModels?: readonly string[];
  /** Checks a run's options can start (providers known, keys set); throws `ConfigError`. */
  checkSetup?: (config: ResearchConfig) => Promise<void> | void;
  /**
   * Who can lift a refusal, and so how refusals are worded: `user` (default; the person who started
   * `deepresearch mcp`, told the flag) or `operator` (remote clients of a server, told no flag).
   */
  fixedBy?: 'user' | 'operator';
  /** Directory relative allowed files are resolved against (default `process.cwd()`). */
  cwd?: string;
  /** Version announced to hosts (default: the package's version). */
  version?: string;
}
