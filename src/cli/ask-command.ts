import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ResearchConfig } from '../config/index.js';
import type { ResearchEvent, ResearchResult } from '../contract/index.js';
import { ConfigError } from '../errors.js';
import type { McpServerEntry } from '../mcp/index.js';
import { fileTargetProblem } from '../shared/index.js';
import { archivePathFor } from './archive-path.js';
import { resultToJson } from './format.js';
import { createProgressRenderer } from './progress.js';
import { visibleText } from './visible-text.js';

export interface AskCommandOptions {
  question: string;
  config: ResearchConfig;
  json: boolean;
  quiet: boolean;
  out?: string;
  /** Write the run's archive beside `out` (`--with-archive`). */
  withArchive?: boolean;
  /** MCP servers whose search and read tools the run also uses; ended when the run ends. */
  mcpServers?: readonly McpServerEntry[];
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Aborted on Ctrl-C: the run ends `cancelled` and its partial result is still printed. */
  signal: AbortSignal;
  /** The database whose memories the run draws on and where it is remembered (`--db`); none without. */
  db?: string;
  /** Where `--clarify` and `--review-plan` read answers, when it is a terminal. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}

/** Exit code of a run that stopped for input it could not ask for (no terminal). */
export const NEEDS_INPUT_EXIT_CODE = 2;

/** What to do when questions came but nobody can answer them here: the questions and the ways on. */
function needsInputText(result: ResearchResult): string {
  const questions = result.input?.kind === 'clarify' ? result.input.questions : [];
  return [
    'deepresearch: the question needs clarifying, and there is no terminal to ask on:',
    ...questions.map((question, index) => `  ${index + 1}. ${visibleText(question)}`),
    'Run it in a terminal to answer inline, or give the answers up front, each standing alone:',
    '  deepresearch "…" --clarify --answers "…" --answers "…"',
    'or leave out --clarify to research the question as it is.',
    '',
  ].join('\n');
}

/** Where `--with-archive` writes, checked before any work; undefined without it. */
async function archiveTarget(
  options: AskCommandOptions,
  out: string | undefined,
): Promise<string | undefined> {
  if (!options.withArchive) return undefined;
  if (out === undefined)
    throw new ConfigError('--with-archive writes beside the answer file; give --out FILE too.', {
      key: 'withArchive',
    });
  if (options.config.archive === 'off')
    throw new ConfigError('--with-archive needs an archive; leave out --archive off.', {
      key: 'withArchive',
    });
  const path = archivePathFor(out);
  const problem = await fileTargetProblem(path);
  if (problem)
    throw new ConfigError(`--with-archive cannot write ${path}: ${problem}.`, { key: 'withArchive' });
  return path;
}

async function writeArchive(path: string, warc: Uint8Array, options: AskCommandOptions): Promise<void> {
  await writeFile(path, warc);
  if (!options.quiet) options.stderr.write(`Wrote ${path}\n`);
}

/** Runs one research question and prints the result; resolves with the process exit code. */
export async function runAskCommand(options: AskCommandOptions): Promise<number> {
  // A place the answer cannot be written to, a missing key or an unknown provider is a usage
  // error before any work, not a finished answer that is then lost or a failed run.
  const out = options.out === undefined ? undefined : resolve(options.cwd, options.out);
  const outProblem = out === undefined ? undefined : await fileTargetProblem(out);
  if (outProblem)
    throw new ConfigError(`--out ${options.out} cannot be written: ${outProblem}.`, { key: 'out' });
  // The exports (markdown-it among them) load for --out, or at the end for an answer in markdown.
  const outFile = options.out === undefined ? undefined : await import('./out-file.js');
  const outFormat = options.out === undefined ? undefined : outFile?.outFormatOf(options.out, options.json);
  // A PDF or DOCX needs an optional package: one that is missing is said now, not after the research.
  if (outFormat && outFormat !== 'json') (await import('../export/index.js')).checkExportPackages(outFormat);
  const archivePath = await archiveTarget(options, out);
  if (options.config.corpus.length > 0) {
    // A missing folder or an index that cannot be made is said now, not by a run that then fails.
    const { checkCorpusPlace } = await import('../corpus/index.js');
    for (const folder of options.config.corpus) {
      await checkCorpusPlace({ root: resolve(options.cwd, folder), env: options.env });
    }
  }
  const interactive = Boolean(options.stdin?.isTTY);
  if (options.config.reviewPlan && !interactive) {
    throw new ConfigError(
      '--review-plan needs a terminal to show the plan on; run it in a terminal, or leave out --review-plan (the API and the web UI review plans too).',
      { key: 'reviewPlan' },
    );
  }
  const askInput =
    interactive && options.stdin
      ? (await import('./terminal-input.js')).terminalInput({
          stdin: options.stdin,
          stderr: options.stderr,
          env: options.env,
        })
      : undefined;
  const { checkResearchSetup, research } = await import('../research/index.js');
  await checkResearchSetup(options.config, { env: options.env });
  // The database (and the server module that opens it) loads only for a run that uses memory.
  const usesMemory =
    options.config.memory && (options.db !== undefined || options.config.followUpOf !== undefined);
  const memory = usesMemory
    ? await (await import('./ask-memory.js')).openAskMemory({
        config: options.config,
        db: options.db,
        cwd: options.cwd,
        env: options.env,
      })
    : undefined;
  // MCP servers start before the progress line, so a server that fails to start leaves no half line.
  const mcp = options.mcpServers?.length
    ? await (await import('./mcp-command.js'))
        .openMcpTools(options.mcpServers, options)
        .catch(async (error: unknown) => {
          await memory?.close();
          throw error;
        })
    : undefined;
  const progress = options.quiet
    ? undefined
    : createProgressRenderer({
        stream: options.stderr,
        isTTY: Boolean(options.stderr.isTTY),
        tokenBudget: options.config.tokenBudget,
      });
  // The last warning (a failed step, an unreachable model) is usually why a run failed; with
  // --quiet or --json nobody saw it go by, so a failed run reports it.
  let lastWarning: { code: string; message: string } | undefined;
  // What a memory of the run is made of besides its result: its findings and the pages it read.
  const remembered: ResearchEvent[] = [];
  const onEvent = (event: ResearchEvent) => {
    if (event.type === 'warning') lastWarning = { code: event.code, message: event.message };
    if (memory && (event.type === 'finding' || event.type === 'tool-result')) remembered.push(event);
    progress?.onEvent(event);
  };
  let result: ResearchResult;
  try {
    const runtime = {
      signal: options.signal,
      env: options.env,
      onEvent,
      ...(memory ? { memories: memory.memories } : {}),
      askInput,
      ...(archivePath
        ? { onArchive: (archive: { warc: Uint8Array }) => writeArchive(archivePath, archive.warc, options) }
        : {}),
    };
    result = await research(
      { ...options.config, question: options.question },
      mcp ? mcp.wrap(runtime, options.config) : runtime,
    );
    await memory
      ?.keep(result, remembered)
      .catch((error: unknown) =>
        options.stderr.write(
          `deepresearch: the run was not remembered: ${error instanceof Error ? error.message : String(error)}\n`,
        ),
      );
  } finally {
    progress?.close();
    await mcp?.close();
    await memory?.close();
  }
  const cause =
    result.status === 'failed' && lastWarning?.code !== result.error?.code ? lastWarning : undefined;
  if (result.status === 'needs_input' && !options.json) {
    // Nothing was researched: there is no answer to print or write.
  } else if (out && outFormat && outFile) {
    await writeFile(out, await outFile.renderOut(outFormat, result, cause));
    if (!options.quiet) options.stderr.write(`Wrote ${out}\n`);
  } else {
    // The terminal gets what the markdown export holds: one renderer for both.
    options.stdout.write(
      options.json
        ? `${JSON.stringify(resultToJson(result, cause), null, 2)}\n`
        : (await import('../export/index.js')).reportMarkdown(result.question, result),
    );
  }
  if (result.status === 'failed' && result.error) {
    const why = cause ? ` Last warning: ${cause.message}` : '';
    options.stderr.write(`deepresearch: ${result.error.message}${why}\n`);
  }
  if (result.status === 'needs_input') {
    options.stderr.write(needsInputText(result));
    return NEEDS_INPUT_EXIT_CODE;
  }
  if (result.status === 'cancelled') return 130;
  return result.status === 'failed' ? 1 : 0;
}
