import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/** A throwaway Postgres cluster on a socket in a temporary folder (no TCP port). */
export interface PostgresCluster {
  /** Connection URL of its `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/** Where Debian (and most systems) keep the server's programs: `initdb` on PATH, or the newest version. */
function serverBinaries(): string | undefined {
  const given = process.env.DEEPRESEARCH_PG_BIN;
  if (given) return existsSync(join(given, 'initdb')) ? given : undefined;
  for (const folder of (process.env.PATH ?? '').split(':')) {
    if (folder && existsSync(join(folder, 'initdb')) && existsSync(join(folder, 'postgres'))) return folder;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** The user the cluster runs as: ourselves, or `postgres` when we are root (Postgres refuses root). */
function clusterUser(): { uid: number; gid: number; wrap: string[] } | undefined {
  if (process.getuid?.() !== 0) return { uid: -1, gid: -1, wrap: [] };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid, wrap: ['runuser', '-u', 'postgres', '--'] };
  } catch {
    return undefined;
  }
}

/**
 * Starts a throwaway cluster from the system's Postgres (Debian's `postgresql` package), or says why
 * it cannot: tests then skip with that reason. fsync is off: nothing here must survive a crash.
 * `maxConnections` is Postgres's `max_connections` (its default, 100, when not given).
 */
export async function startPostgresCluster(
  options: { maxConnections?: number } = {},
): Promise<PostgresCluster | { skipped: string }> {
  const binaries = serverBinaries();
  if (!binaries) {
    return {
      skipped: 'no Postgres server installed (apt-get install postgresql, or set DEEPRESEARCH_PG_BIN)',
    };
  }
  const user = clusterUser();
  if (!user) return { skipped: 'running as root and there is no "postgres" user to run the server as' };
  const folder = mkdtempSync(join(tmpdir(), 'deepresearch-pg-'));
  if (user.uid >= 0) chownSync(folder, user.uid, user.gid);
  const data = join(folder, 'data');
  const command = (program: string, args: string[]) => [...user.wrap, join(binaries, program), ...args];
  const [initProgram, ...initArgs] = command('initdb', [
    '-D',
    data,
    '-U',
    'deepresearch',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  // Not execFileSync: the run's shared cluster starts in Vitest's own process, whose reporting waits.
  await promisify(execFile)(initProgram as string, initArgs);
  const [serverProgram, ...serverArgs] = command('postgres', [
    '-D',
    data,
    '-k',
    folder,
    '-c',
    'listen_addresses=',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    ...(options.maxConnections ? ['-c', `max_connections=${options.maxConnections}`] : []),
  ]);
  const server: ChildProcess = spawn(serverProgram as string, serverArgs, { stdio: 'ignore' });
  const url = `postgresql://deepresearch@${encodeURIComponent(folder)}/postgres`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      // runuser does not pass signals on: the server's own pid (first line of postmaster.pid) gets
      // SIGINT, a fast shutdown that ends open sessions.
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(Number.isInteger(pid) && pid > 0 ? pid : (server.pid as number), 'SIGINT');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return { url, stop };
    } catch (error) {
      await client.end().catch(() => undefined);
      // Up to 30 s: a busy machine starts Postgres slowly, and a skip would hide the tests.
      if (attempt >= 300 || server.exitCode !== null) {
        await stop();
        return { skipped: `the Postgres server did not start: ${(error as Error).message}` };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
