import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type CorpusHit, openCorpus, type SearchMode } from '../corpus/index.js';
import { ConfigError } from '../errors.js';
import { type CorpusCommandOptions, describeSummary, indexFolder } from './index-command.js';
import { visibleText } from './visible-text.js';

/** Options of `deepresearch search`. */
export interface SearchCommandOptions extends CorpusCommandOptions {
  /** The query, or undefined with `queriesFile`. */
  query?: string;
  /** `--queries FILE`: one `{ "id": …, "query": … }` per line. */
  queriesFile?: string;
  mode: SearchMode;
  limit: number;
  json: boolean;
}

interface QueryLine {
  id: unknown;
  query: string;
}

/** A hit as printed: exactly `{ path, startLine, endLine, score, text, symbol?, matchLines, snippet }`. */
function printed(hit: CorpusHit): object {
  const { path, startLine, endLine, score, text, symbol, matchLines, snippet } = hit;
  return {
    path,
    startLine,
    endLine,
    score,
    text,
    ...(symbol === undefined ? {} : { symbol }),
    matchLines,
    snippet,
  };
}

async function readQueries(file: string): Promise<QueryLine[]> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read --queries file ${file}: ${(error as Error).message}`, {
      key: 'queries',
      cause: error,
    });
  }
  const queries: QueryLine[] = [];
  for (const [index, line] of content.split(/\r?\n/).entries()) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new ConfigError(
        `Line ${index + 1} of ${file} is not JSON; each line must be {"id": …, "query": "…"}.`,
        { key: 'queries', cause: error },
      );
    }
    const entry = value as { id?: unknown; query?: unknown } | null;
    if (!entry || typeof entry !== 'object' || entry.id === undefined || typeof entry.query !== 'string') {
      throw new ConfigError(`Line ${index + 1} of ${file} needs an "id" and a string "query".`, {
        key: 'queries',
      });
    }
    queries.push({ id: entry.id, query: entry.query });
  }
  return queries;
}

/** Hits for people: place, symbol and score, then the matching lines with their numbers. */
function human(hits: readonly CorpusHit[]): string {
  if (hits.length === 0) return 'No results.\n';
  return hits
    .map((hit, index) => {
      // Names and text come from the folder's files: shown, never acted on by the terminal.
      const name = visibleText(
        `${hit.path}:${hit.startLine}-${hit.endLine}${hit.symbol ? `  ${hit.symbol}` : ''}`,
        {
          line: true,
        },
      );
      const head = `${index + 1}. ${name}  (${hit.score.toFixed(3)})`;
      const preview = hit.snippet.split('\n').map((line) => `     ${visibleText(line, { line: true })}`);
      return [head, ...preview].join('\n');
    })
    .join('\n\n')
    .concat('\n');
}

/**
 * `deepresearch search "query" --corpus <folder>`: brings the folder's index up to date, then prints
 * the best passages (JSON lines with `--json`). With `--queries FILE` answers every query of the file
 * in one process: under a heading each, or one `{ id, hits }` line each with `--json`. Resolves
 * with the exit code.
 */
export async function runSearchCommand(options: SearchCommandOptions): Promise<number> {
  const queries = options.queriesFile
    ? await readQueries(resolve(options.cwd, options.queriesFile))
    : undefined;
  if (options.mode === 'semantic' && !options.embedModel) {
    // The index may have been built with a model, which search then uses; otherwise say what is missing.
    const corpus = await openCorpus({
      root: resolve(options.cwd, options.folder),
      indexPath: options.indexPath,
      env: options.env,
    });
    const stored = corpus.embedModel;
    corpus.close();
    if (!stored) {
      throw new ConfigError(
        '--mode semantic needs an embedding model: pass --embed-model (e.g. ollama:nomic-embed-text or openai:text-embedding-3-small), or use --mode lexical or hybrid.',
        { key: 'embedModel' },
      );
    }
  }
  const { corpus, summary } = await indexFolder(options);
  try {
    if (summary.changed > 0 && !options.json && !queries)
      options.stderr.write(describeSummary(summary, options));
    const search = (query: string) =>
      corpus.searchCorpus({ query, mode: options.mode, limit: options.limit, signal: options.signal });
    if (queries) {
      for (const [number, entry] of queries.entries()) {
        const hits = await search(entry.query);
        if (options.json) {
          options.stdout.write(`${JSON.stringify({ id: entry.id, hits: hits.map(printed) })}\n`);
        } else {
          const title = `## ${String(entry.id)}: ${entry.query}`;
          options.stdout.write(`${number > 0 ? '\n' : ''}${title}\n\n${human(hits)}`);
        }
      }
      return 0;
    }
    const hits = await search(options.query ?? '');
    if (options.json) for (const hit of hits) options.stdout.write(`${JSON.stringify(printed(hit))}\n`);
    else options.stdout.write(human(hits));
    return 0;
  } finally {
    corpus.close();
  }
}
