import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Reference, VerifyReport } from '../contract/index.js';
import { ConfigError } from '../errors.js';
import { archivePathFor } from './archive-path.js';

/** What `verify` checks: a run's references and archive, and where its report is kept (if anywhere). */
export interface RunToVerify {
  runId: string;
  references: Reference[];
  warc: Uint8Array | undefined;
  /** Keeps the report as the run's last check (a run in a database); nothing for a result file. */
  keep(report: VerifyReport): Promise<void>;
  close(): Promise<void>;
}

const usage = 'give a result file written with --json --out FILE, or a run id of the --db database';

async function readResult(path: string, given: string): Promise<{ runId: string; references: Reference[] }> {
  const text = await readFile(path, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`deepresearch verify: ${given} is not JSON; ${usage}.`);
  }
  const result = parsed as { runId?: unknown; references?: unknown };
  if (typeof result !== 'object' || result === null || !Array.isArray(result.references)) {
    throw new ConfigError(`deepresearch verify: ${given} holds no references; ${usage}.`);
  }
  return {
    runId: typeof result.runId === 'string' ? result.runId : '',
    references: result.references as Reference[],
  };
}

/**
 * A result file and the archive beside it (`--warc` or `<name>.warc.gz`); undefined when `target`
 * names no file. A missing default archive is said on `stderr`: every page is then `not_archived`.
 */
export async function runFromFile(options: {
  target: string;
  warc?: string;
  cwd: string;
  stderr: NodeJS.WritableStream;
}): Promise<RunToVerify | undefined> {
  const path = resolve(options.cwd, options.target);
  const exists = await readFile(path).then(
    () => true,
    () => false,
  );
  // A name that can only be a file is not looked up as a run id (which would open a database).
  if (!exists && (options.target.endsWith('.json') || /[\\/]/.test(options.target))) {
    throw new ConfigError(`deepresearch verify: cannot read ${options.target}; ${usage}.`);
  }
  if (!exists) return undefined;
  const result = await readResult(path, options.target);
  const warcPath = options.warc ? resolve(options.cwd, options.warc) : archivePathFor(path);
  const warc = await readFile(warcPath).catch((error: NodeJS.ErrnoException) => {
    if (options.warc !== undefined) {
      throw new ConfigError(
        `deepresearch verify: cannot read --warc ${options.warc} (${error.code ?? error.message}).`,
        {
          key: 'warc',
        },
      );
    }
    options.stderr.write(
      `deepresearch verify: no archive at ${warcPath}; write one with --with-archive when running, or pass --warc FILE. Checking without it.\n`,
    );
    return undefined;
  });
  return {
    ...result,
    warc: warc ? new Uint8Array(warc) : undefined,
    keep: async () => {},
    close: async () => {},
  };
}

/** A run of the server's database (`--db`, else the default one) with its stored archive. */
export async function runFromDatabase(options: {
  id: string;
  db?: string;
  cwd: string;
  env: Record<string, string | undefined>;
}): Promise<RunToVerify> {
  const { defaultDatabasePath, openServerDatabase } = await import('../server/index.js');
  const { store } = await openServerDatabase({
    db: options.db,
    defaultPath: defaultDatabasePath({ env: options.env }),
    cwd: options.cwd,
  });
  try {
    const record = await store.getRun(options.id);
    if (!record) {
      throw new ConfigError(
        `deepresearch verify: no file and no run named "${options.id}" in the database; ${usage}.`,
      );
    }
    if (!record.result) {
      throw new ConfigError(
        `deepresearch verify: run ${options.id} is ${record.status} and has no result to check yet.`,
      );
    }
    return {
      runId: record.id,
      references: record.result.references,
      warc: await store.archives.get(record.id),
      keep: (report) => store.archives.putVerification(report),
      close: () => store.close(),
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
