/**
 * The Claude Desktop config of docs/mcp.md works from a global install of the packed tarball: packs the
 * package (dist/ as built), installs it into a temporary global prefix without devDependencies (and
 * without install scripts), then
 * spawns the config's command from another folder, as a host does, and talks MCP to it with the SDK
 * client (`initialize`, `tools/list`). Skips, saying why, when the package cannot be packed or
 * installed here (no build, no registry).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'deepresearch-desktop-'));
const prefix = join(work, 'prefix');
const elsewhere = join(work, 'elsewhere');
let skipReason: string | undefined;

/** The `deepresearch` entry of the first `mcpServers` config in docs/mcp.md. */
function documentedConfig(): { command: string; args: string[]; env: Record<string, string> } {
  const page = readFileSync(join(root, 'docs', 'mcp.md'), 'utf8');
  const block = [...page.matchAll(/```json\n([\s\S]*?)```/g)].find((match) =>
    match[1]?.includes('"mcpServers"'),
  );
  const config = JSON.parse(block?.[1] ?? '{}') as {
    mcpServers?: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
  };
  const entry = config.mcpServers?.deepresearch;
  if (!entry) throw new Error('docs/mcp.md has no mcpServers.deepresearch config.');
  return entry;
}

function run(command: string, args: string[], cwd: string) {
  return spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'cli', 'main.js'))) {
    skipReason = 'dist/ is not built (run `npm run build`); nothing to pack.';
    return;
  }
  const packed = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root);
  const tarball =
    packed.status === 0 ? (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename : undefined;
  if (!tarball) {
    skipReason = `npm pack failed: ${packed.stderr.trim().split('\n').slice(-3).join(' ')}`;
    return;
  }
  mkdirSync(elsewhere, { recursive: true });
  const installed = run(
    'npm',
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--omit=dev',
      // Native builds (better-sqlite3) fetch headers from the network; `mcp` without a corpus does
      // not open SQLite, and `npm run check:package` covers the full install.
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      join(work, tarball),
    ],
    elsewhere,
  );
  if (installed.status !== 0) {
    skipReason = `installing the tarball failed (no registry?): ${installed.stderr.trim().split('\n').slice(-3).join(' ')}`;
  }
}, 900_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the Claude Desktop config of docs/mcp.md', () => {
  it('starts the globally installed server from another folder and lists its tools', async (context) => {
    if (skipReason) context.skip(skipReason);
    const config = documentedConfig();
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
      .version;
    // A host spawns the command through its own PATH, in its own folder, with the config's env only.
    const transport = new StdioClientTransport({
      command: config.command,
      args: config.args,
      cwd: elsewhere,
      env: {
        PATH: [join(prefix, 'bin'), process.env.PATH ?? ''].join(delimiter),
        HOME: join(work, 'home'),
        ...config.env,
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'claude-desktop-like', version: '1.0.0' });
    try {
      await client.connect(transport);
      expect(client.getServerVersion()).toMatchObject({ name: 'deepresearch', version });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['read', 'research', 'search']);
    } finally {
      await client.close();
    }
  }, 120_000);
});
