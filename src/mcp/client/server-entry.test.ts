import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../errors.js';
import { parseMcpEntries } from './server-entry.js';

const file = '/home/me/deepresearch.config.json';

describe('parseMcpEntries', () => {
  it('takes config file entries as they are and names command strings after their command', () => {
    const entries = parseMcpEntries([
      { name: 'server-github', command: 'gh-mcp', env: { GITHUB_TOKEN: 't' } },
      'npx -y @modelcontextprotocol/server-github',
      'wiki=node "/opt/my servers/wiki.js" --port 3',
      'uvx mcp-server-fetch',
    ]);
    expect(entries).toEqual([
      { name: 'server-github', command: 'gh-mcp', args: [], env: { GITHUB_TOKEN: 't' } },
      { name: 'server-github-2', command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'] },
      { name: 'wiki', command: 'node', args: ['/opt/my servers/wiki.js', '--port', '3'] },
      { name: 'mcp-server-fetch', command: 'uvx', args: ['mcp-server-fetch'] },
    ]);
  });

  it('names the entry and field of an unknown field, and lists the fields an entry has', () => {
    const error = catchError(() => parseMcpEntries([{ name: 'wiki', command: 'x', tools: [] }], { file }));
    expect(error).toMatchObject({ problem: 'unknown_option', key: 'mcp.0.tools', file });
    expect(error.message).toBe(
      `Unknown option "mcp.0.tools" in ${file}. Known options: name, command, args, env, cwd, searchTool, readTool.`,
    );
  });

  it('says what a bad field must be and what it was', () => {
    const error = catchError(() =>
      parseMcpEntries(
        [
          { name: 'wiki', command: 'a' },
          { name: 'Wiki Pages', command: 'b' },
        ],
        { file },
      ),
    );
    expect(error).toMatchObject({ problem: 'invalid_value', key: 'mcp.1.name', received: 'Wiki Pages' });
    expect(error.message).toMatch(
      /^Invalid value for "mcp\.1\.name" in .*: must be a name of lower-case letters, digits and "-" .*, got "Wiki Pages"\.$/,
    );
    expect(catchError(() => parseMcpEntries([{ name: 'wiki', command: '' }], { file })).message).toMatch(
      /"mcp\.0\.command" .*: must be a program to start, e\.g\. "npx" or "node", got ""\./,
    );
    expect(catchError(() => parseMcpEntries([{ name: 'wiki' }], { file })).key).toBe('mcp.0.command');
  });

  it('refuses two entries of the same name and a command string without a command', () => {
    const twice = catchError(() =>
      parseMcpEntries(
        [
          { name: 'wiki', command: 'a' },
          { name: 'wiki', command: 'b' },
        ],
        { file },
      ),
    );
    expect(twice.message).toMatch(/Two mcp entries in .* are named "wiki" \(the second is mcp\.1\)/);
    const empty = catchError(() => parseMcpEntries(['""'], { flag: '--mcp' }));
    expect(empty).toMatchObject({ flag: '--mcp', key: 'mcp.0' });
    expect(empty.message).toMatch(/^Invalid value for --mcp: must be "COMMAND ARGS" naming a command/);
  });
});

function catchError(work: () => unknown): ConfigError {
  try {
    work();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
