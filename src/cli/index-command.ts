import { resolve } from 'node:path';
import {
  type Corpus,
  ensureCorpus,
  type IndexProgress,
  type IndexSummary,
  MAX_DOCUMENT_FILE_BYTES,
  MAX_TEXT_FILE_BYTES,
  type SecretFileMode,
  type SkippedFile,
} from '../corpus/index.js';
import { plural } from './progress-words.js';
import { visibleText } from './visible-text.js';

/** What `deepresearch index` and `deepresearch search` share: the folder, its index and embeddings. */
export interface CorpusCommandOptions {
  /** The folder to index, relative to `cwd` or absolute. */
  folder: string;
  /** Index file (`--index`); default in the user data directory. */
  indexPath?: string;
  /** `--embed-model provider:model`. */
  embedModel?: string;
  /** `--embed-base-url URL`. */
  embedBaseURL?: string;
  /** `--secret-files skip|index`; absent: what the folder's index remembers. */
  secretFiles?: SecretFileMode;
  /** `--max-file-size MB` in bytes: the largest file indexed, text or document (default: the corpus's limits). */
  maxFileBytes?: number;
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  signal?: AbortSignal;
}

const PHASES: Record<IndexProgress['phase'], string> = {
  scan: 'Scanning',
  read: 'Reading',
  embed: 'Embedding',
};

/** Progress on one rewritten terminal line; nothing when stderr is not a terminal. */
export function progressLine(stderr: CorpusCommandOptions['stderr']): {
  onProgress?: (progress: IndexProgress) => void;
  clear(): void;
} {
  if (!stderr.isTTY) return { clear: () => {} };
  let shown = false;
  return {
    onProgress(progress) {
      const count = progress.total > 0 ? `${progress.done}/${progress.total}` : `${progress.done}`;
      const unit = progress.phase === 'embed' ? 'chunks' : 'files';
      stderr.write(`\r\u001b[2K${PHASES[progress.phase]} ${count} ${unit}…`);
      shown = true;
    },
    clear() {
      if (shown) stderr.write('\r\u001b[2K');
      shown = false;
    },
  };
}

const number = (value: number) => value.toLocaleString('en-US');
/** Skipped files named per reason at most; the others are counted. */
const NAMED_SKIPPED = 5;
const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

const SKIP_REASONS: Record<Exclude<SkippedFile['reason'], 'secret'>, string> = {
  too_large: 'too large',
  binary: 'binary',
  unreadable: 'unreadable',
};

/**
 * Why files were skipped, one line per reason with their names (file names come from the folder:
 * shown, never acted on by the terminal): secret files with the flag that indexes them, files too
 * large with the limit and the flag that raises it.
 */
function skippedLines(summary: IndexSummary, maxFileBytes: number | undefined): string[] {
  const reasons = [...new Set(summary.skippedFiles.map((file) => file.reason))];
  return reasons.map((reason) => {
    const files = summary.skippedFiles.filter((file) => file.reason === reason);
    const names = visibleText(
      files
        .slice(0, NAMED_SKIPPED)
        .map((file) => (file.message ? `${file.path} (${file.message})` : file.path))
        .join(', '),
      { line: true },
    );
    const more = files.length > NAMED_SKIPPED ? ` and ${number(files.length - NAMED_SKIPPED)} more` : '';
    if (reason === 'secret') {
      return `  Left out ${plural(files.length, 'secret file')} (${names}${more}); --secret-files index indexes them.`;
    }
    const limit =
      maxFileBytes === undefined
        ? `over ${megabytes(MAX_TEXT_FILE_BYTES)} (text and code) or ${megabytes(MAX_DOCUMENT_FILE_BYTES)} (HTML and PDF)`
        : `over ${megabytes(maxFileBytes)}`;
    const why = reason === 'too_large' ? `; ${limit}: raise the limit with --max-file-size MB` : '';
    return `  Skipped ${plural(files.length, 'file')} as ${SKIP_REASONS[reason]}: ${names}${more ? `,${more}` : ''}${why}.`;
  });
}

/** The summary `deepresearch index` prints: figures, what was skipped and why, and a hint when nothing was indexed. */
export function describeSummary(summary: IndexSummary, options: { maxFileBytes?: number } = {}): string {
  const lines = [
    `Indexed ${visibleText(summary.root, { line: true })}: ${plural(summary.files, 'file')}, ${plural(summary.chunks, 'chunk')}, ${plural(summary.symbols, 'symbol')} in ${summary.seconds.toFixed(1)} s.`,
    `  ${number(summary.changed)} read, ${number(summary.removed)} removed${summary.embedded > 0 ? `, ${plural(summary.embedded, 'chunk')} embedded` : ''}.`,
    ...skippedLines(summary, options.maxFileBytes),
    ...(summary.files === 0
      ? [
          `  Nothing to search: the folder has no file to index${summary.skippedFiles.length > 0 ? ' besides those skipped' : ''}. Files ignored by .gitignore, version control folders, node_modules and lock files are left out; give a folder of documents or code.`,
        ]
      : []),
    `  Index: ${visibleText(summary.indexPath, { line: true })}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Opens the folder's index and brings it up to date, with progress on a terminal. */
export async function indexFolder(
  options: CorpusCommandOptions,
): Promise<{ corpus: Corpus; summary: IndexSummary }> {
  const progress = progressLine(options.stderr);
  try {
    const result = await ensureCorpus({
      root: resolve(options.cwd, options.folder),
      indexPath: options.indexPath === undefined ? undefined : resolve(options.cwd, options.indexPath),
      embedModel: options.embedModel,
      embedBaseURL: options.embedBaseURL,
      secretFiles: options.secretFiles,
      ...(options.maxFileBytes
        ? { maxTextBytes: options.maxFileBytes, maxDocumentBytes: options.maxFileBytes }
        : {}),
      env: options.env,
      onProgress: progress.onProgress,
      signal: options.signal,
    });
    progress.clear();
    printWarnings(options, result.summary);
    return result;
  } finally {
    progress.clear();
  }
}

/** Warnings of an index run, one line each on stderr. */
function printWarnings(options: CorpusCommandOptions, summary: IndexSummary): void {
  for (const warning of summary.warnings)
    options.stderr.write(`deepresearch: warning: ${visibleText(warning, { line: true })}\n`);
}

/**
 * `deepresearch index <folder>`: indexes the folder (again: only changed files are read) and prints
 * files, chunks, symbols and seconds. Resolves with the exit code.
 */
export async function runIndexCommand(options: CorpusCommandOptions): Promise<number> {
  let indexed: Awaited<ReturnType<typeof indexFolder>>;
  try {
    indexed = await indexFolder(options);
  } catch (error) {
    if (!options.signal?.aborted) throw error;
    options.stderr.write('Indexing interrupted; the files read so far are kept. Run it again to finish.\n');
    return 130;
  }
  const { corpus, summary } = indexed;
  corpus.close();
  options.stdout.write(describeSummary(summary, options));
  return 0;
}
