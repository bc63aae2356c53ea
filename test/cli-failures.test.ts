import { existsSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { runCli } from './helpers/run-cli.js';

// Every failure says why, before any work when it can: an unwritable --out, a --db that cannot
// be, a port in use (leaving no database behind), and a failed run under --quiet or --json.

const question = 'When was the Eiffel Tower completed?';
let world: DemoWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** A port nothing listens on, or one held open until `close()`. */
async function port(hold: boolean): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: number } = server.address() as { port: number };
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  if (!hold) await close();
  return { port: number, close };
}

describe('deepresearch says why it fails', () => {
  it('refuses an --out it cannot write before any work', async () => {
    world = await startDemoWorld();
    const dir = await mkdtemp(join(tmpdir(), 'dr-out-'));
    const missing = await runCli([question, ...world.args, '--out', 'no-such-folder/answer.md'], {
      cwd: dir,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `deepresearch: --out no-such-folder/answer.md cannot be written: the folder ${join(dir, 'no-such-folder')} does not exist.\n`,
    );
    const folder = await runCli([question, ...world.args, '--out', '.'], { cwd: dir });
    expect(folder.stderr).toBe(`deepresearch: --out . cannot be written: ${dir} is a folder.\n`);
    expect(world.llm.requests).toHaveLength(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it('reports why a run failed under --json and --quiet: the model could not be reached', async () => {
    const closed = await port(false);
    const args = [
      question,
      '--model',
      'openai-compatible:fake',
      '--base-url',
      `http://127.0.0.1:${closed.port}/v1`,
    ];
    const limits = ['--search', 'wikipedia', '--max-failures', '1', '--max-steps', '2', '--no-direct-answer'];
    const json = await runCli([...args, ...limits, '--json']);
    expect(json.code).toBe(1);
    const result = JSON.parse(json.stdout);
    expect(result.status).toBe('failed');
    expect(result.stopReason).toBe('model_unreachable');
    expect(result.error.message).toMatch(
      /Cannot reach the model server of openai-compatible:fake at http:\/\/127\.0\.0\.1:\d+ \(connection refused\)\. Start the server, or fix its address with --base-url/,
    );
    expect(json.stderr).toMatch(/^deepresearch: Cannot reach the model server .*\n$/m);
    const quiet = await runCli([...args, ...limits, '--quiet']);
    expect(quiet.code).toBe(1);
    expect(quiet.stderr.trim().split('\n')).toHaveLength(1);
    expect(quiet.stderr).toMatch(/Cannot reach the model server/);
    // Nothing was researched: stdout says why there is no answer, and lists no sub-question as
    // left open by sources nobody asked.
    expect(quiet.stdout).toBe(
      `# ${question}\n\n_No answer could be produced._\n\n_Status: failed. The model server could not be reached._\n`,
    );
  });

  // A serve that spins on /proc never exits: each start has 90 s, however loaded the machine (three of them here).
  it('names --db and its path when the database cannot be there, at once (no spinning on /proc)', {
    timeout: 300_000,
  }, async () => {
    const env = { OPENAI_API_KEY: 'sk-test' };
    const proc = await runCli(['serve', '--port', '0', '--db', '/proc/x/y.db'], { env, timeoutMs: 90_000 });
    expect(proc.code).toBe(1);
    expect(proc.stderr).toBe(
      'deepresearch: --db /proc/x/y.db cannot be used: the folder /proc/x does not exist.\n',
    );
    const dir = await mkdtemp(join(tmpdir(), 'dr-db-'));
    const folder = await runCli(['serve', '--port', '0', '--db', dir], { env, timeoutMs: 90_000 });
    expect(folder.stderr).toBe(`deepresearch: --db ${dir} cannot be used: ${dir} is a folder.\n`);
    const defaultPlace = await runCli(['serve', '--port', '0'], {
      env: { ...env, XDG_DATA_HOME: '/proc/x' },
      timeoutMs: 90_000,
    });
    expect(defaultPlace.stderr).toBe(
      'deepresearch: The database /proc/x/deepresearch/deepresearch.db cannot be used: the folder /proc/x cannot be created (ENOENT). Choose another place with --db.\n',
    );
  });

  it('refuses a --log-level it does not know, naming the levels, before opening anything', async () => {
    const flag = await runCli(['serve', '--log-level', 'loud', '--port', '0', '--db', ':memory:'], {
      timeoutMs: 90_000,
    });
    expect(flag.code).toBe(1);
    expect(flag.stderr).toBe(
      'deepresearch: Invalid value for --log-level: must be one of info, warn, error, got "loud".\n',
    );
    const variable = await runCli(['serve', '--port', '0', '--db', ':memory:'], {
      env: { DEEPRESEARCH_LOG_LEVEL: 'chatty' },
      timeoutMs: 90_000,
    });
    expect(variable.stderr).toContain(
      'Invalid value for DEEPRESEARCH_LOG_LEVEL: must be one of info, warn, error, got "chatty".',
    );
  });

  it('leaves no database behind when serve cannot listen', async () => {
    const taken = await port(true);
    try {
      const dir = await mkdtemp(join(tmpdir(), 'dr-db-'));
      const db = join(dir, 'runs.db');
      const run = await runCli(['serve', '--port', String(taken.port), '--db', db], {
        env: { OPENAI_API_KEY: 'sk-test' },
        timeoutMs: 90_000,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`deepresearch: Port ${taken.port} is in use; pass another --port.\n`);
      expect(existsSync(db)).toBe(false);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await taken.close();
    }
  });
});
