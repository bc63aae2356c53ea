import type { RunMemory } from '../contract/index.js';
import { ConfigError } from '../errors.js';
import { defaultDatabasePath, openServerDatabase } from '../server/index.js';
import type { RunStore } from '../store/index.js';
import { visibleText } from './visible-text.js';

/** Memories `memory list` shows at most, newest first. */
const LIST_LIMIT = 1000;

export interface MemoryCommandOptions {
  /** `list`, `show ID`, `forget ID` or `forget --all`, as the words after `memory`; ID may be a unique prefix. */
  words: readonly string[];
  /** Forget every memory (`forget --all`). */
  all: boolean;
  json: boolean;
  /** The database (`--db`, as serve takes it); default: the server's default file. */
  db?: string;
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
}

const USAGE = 'Usage: deepresearch memory list | show ID | forget ID | forget --all [--db PATH] [--json].';

/** One line of remembered text, safe on a terminal. */
const line = (text: string, max = 160) => {
  const shown = visibleText(text.replace(/\s+/g, ' ').trim(), { line: true });
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
};

function listLine(memory: RunMemory): string {
  return `${memory.runId}  ${memory.createdAt.slice(0, 10)}  ${String(memory.findings.length).padStart(3)} findings  ${line(memory.question, 100)}`;
}

/** A memory as a person reads it: question, sub-questions, findings with quotes and sources, answer. */
function showText(memory: RunMemory): string {
  const support =
    memory.support.total > 0
      ? `${memory.support.supported}/${memory.support.total} claims supported`
      : 'no claim checked';
  const scores = memory.scores
    ? `; scores: relevance ${memory.scores.relevance}, accuracy ${memory.scores.accuracy}, completeness ${memory.scores.completeness}, source quality ${memory.scores.sourceQuality}`
    : '';
  return [
    `Run ${memory.runId} (${memory.status}, ended ${memory.createdAt})`,
    `Question: ${line(memory.question, 500)}`,
    `Support: ${support}${scores}`,
    '',
    'Sub-questions:',
    ...memory.subQuestions.map(
      (item) => `  [${item.outcome}] ${line(item.text)}${item.note ? ` — ${line(item.note)}` : ''}`,
    ),
    '',
    `Findings (${memory.findings.length}):`,
    ...memory.findings.flatMap((finding) => [
      `  - ${line(finding.claim, 300)}`,
      `    source: ${line(finding.url, 300)}${finding.publishedAt ? ` (${line(finding.publishedAt, 40)})` : ''}`,
      ...finding.quotes.map((quote) => `    > ${line(quote, 300)}`),
    ]),
    ...(memory.conflicts.length > 0
      ? [
          '',
          'Conflicts:',
          ...memory.conflicts.map(
            (conflict) =>
              `  ${line(conflict.about)}: ${conflict.values.map((value) => line(value.value, 40)).join(' vs ')}`,
          ),
        ]
      : []),
    '',
    'Answer:',
    visibleText(memory.answer),
    '',
  ].join('\n');
}

/**
 * `deepresearch memory`: lists, shows and forgets the memories of finished runs in the database
 * the server uses (`--db`, or its default file). Resolves with the exit code: 1 when there is no
 * memory of the run named.
 */
export async function runMemoryCommand(options: MemoryCommandOptions): Promise<number> {
  const [verb, id, ...extra] = options.words;
  const forgetAll = verb === 'forget' && options.all && id === undefined;
  const wellFormed =
    extra.length === 0 &&
    ((verb === 'list' && id === undefined && !options.all) ||
      ((verb === 'show' || verb === 'forget') && id !== undefined && !options.all) ||
      forgetAll);
  if (!wellFormed) throw new ConfigError(USAGE);
  const database = await openServerDatabase({
    db: options.db,
    defaultPath: defaultDatabasePath({ env: options.env }),
    cwd: options.cwd,
  });
  const { memories } = database.store;
  const write = (text: string) => options.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  try {
    if (verb === 'list') {
      const all = await memories.list({ limit: LIST_LIMIT });
      if (options.json) write(JSON.stringify({ memories: all.map(summary) }, null, 2));
      else write(all.length === 0 ? 'No memories.' : all.map(listLine).join('\n'));
      return 0;
    }
    if (forgetAll) {
      const forgotten = await memories.forgetAll();
      write(
        options.json
          ? JSON.stringify({ forgotten })
          : `Forgot ${forgotten} ${forgotten === 1 ? 'memory' : 'memories'}.`,
      );
      return 0;
    }
    const runId = await memoryIdOf(memories, id ?? '', options);
    if (verb === 'show') {
      const memory = await memories.get(runId);
      if (!memory) return missing(options, runId);
      write(options.json ? JSON.stringify(memory, null, 2) : showText(memory));
      return 0;
    }
    if (!(await memories.forget(runId))) return missing(options, runId);
    write(options.json ? JSON.stringify({ forgotten: 1 }) : `Forgot the memory of run ${line(runId)}.`);
    return 0;
  } finally {
    await database.store.close();
  }
}

/**
 * The run id `given` names: itself when a memory has it, else the one memory whose id starts with
 * it (progress prints the first 8 characters). Several is a usage error listing them; none is
 * left to the caller's "No memory of run".
 */
async function memoryIdOf(
  memories: RunStore['memories'],
  given: string,
  options: MemoryCommandOptions,
): Promise<string> {
  if (given === '' || (await memories.get(given))) return given;
  const matching = (await memories.list({ limit: LIST_LIMIT }))
    .map((memory) => memory.runId)
    .filter((runId) => runId.startsWith(given));
  if (matching.length === 1) return matching[0] ?? given;
  if (matching.length === 0) return missing(options, given);
  throw new ConfigError(
    `"${line(given)}" starts the ids of ${matching.length} memories (${matching
      .slice(0, 5)
      .map((runId) => line(runId))
      .join(', ')}); give more of the id.`,
  );
}

/** What `memory list --json` gives for each memory. */
function summary(memory: RunMemory) {
  return {
    runId: memory.runId,
    question: memory.question,
    createdAt: memory.createdAt,
    status: memory.status,
    findings: memory.findings.length,
    sources: memory.sources.length,
    support: memory.support,
  };
}

function missing(options: MemoryCommandOptions, runId: string): never {
  throw new ConfigError(
    `No memory of run "${line(runId)}" in ${options.db ?? 'the default database'}; "deepresearch memory list" shows them.`,
  );
}
