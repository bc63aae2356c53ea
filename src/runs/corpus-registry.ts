import { basename } from 'node:path';
import type { CorpusInfo } from '../contract/index.js';
import type { Environment } from '../llm/index.js';
import type { ResearchCorpus } from '../research/index.js';
import { RunServiceError } from './errors.js';

function unknownCorpus(id: string, known: readonly string[]): RunServiceError {
  return new RunServiceError(
    'corpus_not_found',
    `No corpus "${id}"; registered: ${known.join(', ') || 'none (start the server with --corpus <folder>)'}.`,
  );
}

interface Entry {
  corpus: ResearchCorpus;
  files: number;
  chunks: number;
  indexedAt: string;
}

/**
 * The folders the operator registered with `serve --corpus`, open and indexed, named by id. Runs
 * pick them by id; clients never name a path. Re-indexing reads only changed files.
 */
export class CorpusRegistry {
  private constructor(private readonly entries: Entry[]) {}

  /** Opens and indexes each folder (the operator's, from the server's flags). */
  static async open(options: {
    folders: readonly string[];
    embedModel?: string;
    embedBaseURL?: string;
    env?: Environment;
    now?: () => Date;
  }): Promise<CorpusRegistry> {
    const now = options.now ?? (() => new Date());
    const entries: Entry[] = [];
    // The engine and the corpus module load only when folders are registered.
    const { openResearchCorpora } = await import('../research/on-demand.js');
    await openResearchCorpora({
      folders: options.folders,
      embedModel: options.embedModel,
      embedBaseURL: options.embedBaseURL,
      env: options.env,
      onIndexed: (corpus, summary) =>
        entries.push({
          corpus,
          files: summary.files,
          chunks: summary.chunks,
          indexedAt: now().toISOString(),
        }),
    });
    return new CorpusRegistry(entries);
  }

  /** A registry of corpora already open (tests, library users). */
  static of(entries: Entry[]): CorpusRegistry {
    return new CorpusRegistry(entries);
  }

  /** The open corpora, for the runs' runtime. */
  get corpora(): ResearchCorpus[] {
    return this.entries.map((entry) => entry.corpus);
  }

  get ids(): string[] {
    return this.entries.map((entry) => entry.corpus.id);
  }

  list(): CorpusInfo[] {
    return this.entries.map((entry) => ({
      id: entry.corpus.id,
      name: basename(entry.corpus.root),
      files: entry.files,
      chunks: entry.chunks,
      indexedAt: entry.indexedAt,
    }));
  }

  /** Throws `RunServiceError` `corpus_not_found` for an id not registered. */
  check(id: string): void {
    if (!this.ids.includes(id)) throw unknownCorpus(id, this.ids);
  }

  /** Brings one corpus's index up to date (changed files only); resolves with its new figures. */
  async reindex(id: string, now: () => Date = () => new Date()): Promise<CorpusInfo> {
    const entry = this.entries.find((item) => item.corpus.id === id);
    if (!entry) throw unknownCorpus(id, this.ids);
    const summary = await entry.corpus.corpus.update();
    entry.files = summary.files;
    entry.chunks = summary.chunks;
    entry.indexedAt = now().toISOString();
    const info = this.list().find((item) => item.id === id);
    return info as CorpusInfo;
  }

  close(): void {
    for (const entry of this.entries) entry.corpus.corpus.close();
  }
}
