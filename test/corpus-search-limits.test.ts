/**
 * A hostile corpus query against the real `deepresearch serve --corpus`: a 900 KB `search_corpus`
 * query of 110,000 distinct words over `/mcp` is refused at once with the limit, and another client's
 * `/health` keeps answering while it is sent (before, the server stalled for tens of seconds).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';
import { callTool } from './helpers/mcp-client.js';
import { runCli } from './helpers/run-cli.js';
import { startServe, stopServe } from './helpers/serve.js';

/** `count` distinct lower-case words of letters only, so none is a stop word or a number. */
function distinctWords(count: number): string[] {
  const letters = 'bcdfghjklmnpqrtvwx';
  return Array.from({ length: count }, (_, index) => {
    let word = '';
    for (let rest = index; word.length < 6 || rest > 0; rest = Math.floor(rest / letters.length)) {
      word += letters[rest % letters.length];
    }
    return `q${word}`;
  });
}

let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let directory: string;
let server: { url: string; child: ChildProcess } | undefined;

beforeAll(async () => {
  fixture = await copyCorpusFixture();
  directory = await mkdtemp(join(tmpdir(), 'corpus-limits-'));
}, 60_000);
afterAll(async () => {
  await stopServe(server?.child);
  await fixture.cleanup();
  await rm(directory, { recursive: true, force: true });
});

/** How long `/health` takes to answer, in ms; a stalled server counts as `limitMs`. */
async function healthTime(url: string, limitMs: number): Promise<number> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(limitMs) });
    expect(response.status).toBe(200);
  } catch {
    return limitMs;
  }
  return performance.now() - started;
}

describe('corpus query limits', () => {
  it('refuses a 900 KB search_corpus query over /mcp at once while /health keeps answering', async () => {
    server = await startServe(
      [
        '--db',
        join(directory, 'runs.db'),
        '--model',
        'openai-compatible:fake',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--corpus',
        fixture.root,
      ],
      { env: { XDG_DATA_HOME: directory } },
    );
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`));
    const client = new Client({ name: 'hostile-host', version: '1.0.0' });
    await client.connect(transport);
    const query = distinctWords(110_000).join(' ');
    expect(query.length).toBeGreaterThan(850_000);

    // Another client times /health every 200 ms while the hostile query is in flight.
    const times: number[] = [];
    let done = false;
    const watcher = (async () => {
      while (!done) {
        times.push(await healthTime(server!.url, 30_000));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const answer = await callTool(client, 'search_corpus', { query }, { timeout: 120_000 });
    // A few more probes after the answer: the server is not still chewing on the query.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    done = true;
    await watcher;
    await client.close();

    // Generous: a busy 2-core machine answers /health in milliseconds, a loaded one in a second or
    // two; a stalled one took 48 s.
    expect(times.length).toBeGreaterThan(2);
    expect(Math.max(...times)).toBeLessThan(20_000);
    expect(answer.isError).toBe(true);
    expect(answer.content[0]?.text).toMatch(/query/i);
    expect(answer.content[0]?.text).toMatch(/2,000/);
  }, 180_000);

  it('searches 100 distinct words and refuses 101 with the limit and the fix, from the CLI', async () => {
    const search = (words: string[]) =>
      runCli(
        ['search', words.join(' '), '--corpus', fixture.root, '--index', join(directory, 'cli.sqlite')],
        { env: { XDG_DATA_HOME: directory } },
      );
    const allowed = await search(['router', ...distinctWords(99)]);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain('router');
    const refused = await search(['router', ...distinctWords(100)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/101 distinct terms; at most 100/);
    expect(refused.stderr).toMatch(/shorten/i);
  }, 60_000);
});
