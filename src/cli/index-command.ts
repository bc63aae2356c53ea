import { resolve } from 'node:path';
import {
  type Corpus,
  ensureCorpus,
  type IndexProgress,
  type IndexSummary,
  type SecretFileMode,
} from '../corpus/index.js';
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

/** Secret files shown by name in the summary; more are counted. */
const SECRET_NAMES_SHOWN = 5;

/** The line naming the secret files left out and how to index them, or nothing. */
function secretsLine(summary: IndexSummary): string[] {
  const secrets = summary.skippedFiles.filter((file) => file.reason === 'secret').map((file) => file.path);
  if (secrets.length === 0) return [];
  const shown = visibleText(secrets.slice(0, SECRET_NAMES_SHOWN).join(', '), { line: true });
  const more =
    secrets.length > SECRET_NAMES_SHOWN ? ` and ${number(secrets.length - SECRET_NAMES_SHOWN)} more` : '';
  return [
    `  Left out ${number(secrets.length)} secret file${secrets.length === 1 ? '' : 's'} (${shown}${more}); --secret-files index indexes them.`,
  ];
}

/** The one-paragraph summary `deepresearch index` prints. */
export function describeSummary(summary: IndexSummary): string {
  const skipped = new Map<string, number>();
  for (const file of summary.skippedFiles) skipped.set(file.reason, (skipped.get(file.reason) ?? 0) + 1);
  const skippedText = [...skipped]
    .map(([reason, count]) => `${count} ${reason.replace('_', ' ')}`)
    .join(', ');
  const lines = [
    `Indexed ${visibleText(summary.root, { line: true })}: ${number(summary.files)} files, ${number(summary.chunks)} chunks, ${number(summary.symbols)} symbols in ${summary.seconds.toFixed(1)} s.`,
    `  ${number(summary.changed)} read, ${number(summary.removed)} removed${skippedText ? `, skipped: ${skippedText}` : ''}${summary.embedded > 0 ? `, ${number(summary.embedded)} chunks embedded` : ''}.`,
    ...secretsLine(summary),
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
      ...(options.secretFiles ? { secretFiles: options.secretFiles } : {}),
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
  options.stdout.write(describeSummary(summary));
  return 0;
}
