import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakePageServer, startFakePageServer } from '../src/testing/fake-page-server.js';
import { runCli } from './helpers/run-cli.js';

let server: FakePageServer | undefined;
let directory: string | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (directory) await rm(directory, { recursive: true, force: true });
  directory = undefined;
});

describe('deepresearch read', () => {
  it('reads a page from the fake server (allowed) and a local file; refuses a private URL', async () => {
    server = await startFakePageServer({
      '/article':
        '<html><head><title>Fake article</title></head><body><article><p>The fake page server serves this paragraph to the real binary.</p></article></body></html>',
    });
    directory = await mkdtemp(join(tmpdir(), 'read-e2e-'));
    const file = join(directory, 'notes.md');
    await writeFile(file, '# Local notes\n\nRead from disk.');
    const run = await runCli([
      'read',
      `${server.origin}/article`,
      file,
      'http://127.0.0.1:9/secret',
      '--format',
      'json',
      '--allow-host',
      server.host,
    ]);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ title: 'Fake article', url: `${server.origin}/article` });
    expect(lines[0].text).toContain('serves this paragraph to the real binary');
    expect(lines[1]).toMatchObject({ title: 'Local notes', text: 'Local notes\n\nRead from disk.' });
    expect(lines[2]).toMatchObject({
      source: 'http://127.0.0.1:9/secret',
      error: { code: 'blocked_address' },
    });
    expect(server.requests).toHaveLength(1);
  });
});
