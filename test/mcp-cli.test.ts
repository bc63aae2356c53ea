import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { fakeMcpServerCommand } from '../src/testing/fake-mcp-server.js';
import { binPath, runCli } from './helpers/run-cli.js';

let world: DemoWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const QUESTION = 'When does Project Falcon launch?';

/** Where the fake wiki logs its calls and pid; it lingers after stdin closes, so only a signal ends it. */
async function files() {
  const dir = await mkdtemp(join(tmpdir(), 'dr-mcp-cli-'));
  const logFile = join(dir, 'calls.jsonl');
  const pidFile = join(dir, 'wiki.pid');
  return { dir, logFile, pidFile, fake: fakeMcpServerCommand({ logFile, pidFile, linger: true }) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function pidOf(pidFile: string): Promise<number> {
  await expect.poll(() => readFile(pidFile, 'utf8').catch(() => ''), { timeout: 20_000 }).toMatch(/^\d+$/);
  return Number(await readFile(pidFile, 'utf8'));
}

const toolsCalled = async (logFile: string) =>
  (await readFile(logFile, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { tool: string }).tool);

// Each test starts the CLI from source (and an MCP server) once or twice: about 15 s each on a busy
// machine, beyond the default 30 s for two.
describe('MCP servers as tools of deepresearch runs, from the command line', { timeout: 90_000 }, () => {
  it("--mcp adds the server's search to the run and ends its process with the run", async () => {
    world = await startDemoWorld();
    const { logFile, pidFile, fake } = await files();
    const run = await runCli([QUESTION, ...world.args, '--json', '--mcp', `wiki=${fake.flag}`]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('MCP server wiki: search with search_wiki, read with read_page.');
    expect(JSON.parse(run.stdout).status).toBe('completed');
    expect(await toolsCalled(logFile)).toContain('search_wiki');
    expect(alive(await pidOf(pidFile))).toBe(false);
  });

  it("reads mcp entries from the config file, and names a bad entry's field", async () => {
    world = await startDemoWorld();
    const { dir, logFile, pidFile, fake } = await files();
    await writeFile(
      join(dir, 'deepresearch.config.json'),
      JSON.stringify({ maxSteps: 8, mcp: [{ name: 'wiki', command: fake.command, args: fake.args }] }),
    );
    const run = await runCli([QUESTION, ...world.args, '--json'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(await toolsCalled(logFile)).toContain('search_wiki');
    expect(alive(await pidOf(pidFile))).toBe(false);

    await writeFile(
      join(dir, 'deepresearch.config.json'),
      JSON.stringify({ mcp: [{ name: 'Wiki Pages', command: 'x' }] }),
    );
    const bad = await runCli([QUESTION, ...world.args], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /^deepresearch: Invalid value for "mcp\.0\.name" in .*deepresearch\.config\.json: must be a name of lower-case letters, digits and "-" .*, got "Wiki Pages"\.$/m,
    );
  });

  it('says which command failed when an MCP server cannot start', async () => {
    world = await startDemoWorld();
    const run = await runCli([QUESTION, ...world.args, '--mcp', 'no-such-mcp-server-binary --flag']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /Could not start MCP server "no-such-mcp-server-binary" \(no-such-mcp-server-binary --flag\)/,
    );
    expect(world.llm.requests).toHaveLength(0);
  });

  it('ends the MCP server process when the run is interrupted with Ctrl-C', async () => {
    world = await startDemoWorld({ script: { hang: true } });
    const { pidFile, fake } = await files();
    const served = world;
    const run = runCli([QUESTION, ...world.args, '--mcp', fake.flag], {
      onSpawn: (child) => {
        void pidOf(pidFile).then(async () => {
          await expect.poll(() => served.llm.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
          child.kill('SIGINT');
        });
      },
    });
    expect((await run).code).toBe(130);
    expect(alive(await pidOf(pidFile))).toBe(false);
  });

  it('deepresearch mcp --mcp ends the servers it started when the host disconnects', async () => {
    world = await startDemoWorld();
    const { pidFile, fake } = await files();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [binPath, 'mcp', ...world.args, '--mcp', fake.flag],
      env: { DEEPRESEARCH_FROM_SOURCE: '1' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'test-host', version: '1.0.0' });
    await client.connect(transport);
    const pid = await pidOf(pidFile);
    expect(alive(pid)).toBe(true);
    await client.close();
    await expect.poll(() => alive(pid), { timeout: 20_000 }).toBe(false);
  });
});
