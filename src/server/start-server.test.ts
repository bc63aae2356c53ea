import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import { openSqliteStore } from '../store/index.js';
import { createFakeRunner } from '../testing/fake-runner.js';
import { startServer } from './start-server.js';

const directory = mkdtempSync(join(tmpdir(), 'deepresearch-start-server-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const quiet = { write: () => true };

describe('startServer, as a library user calls it', () => {
  it('applies the auth policy: off loopback without a token it refuses, before creating the database', async () => {
    const db = join(directory, 'exposed.db');
    for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
      await expect(
        startServer({
          config: parseResearchConfig({}),
          serve: { host, port: 0, db },
          runner: createFakeRunner(),
        }),
      ).rejects.toMatchObject({ code: 'invalid_config', message: expect.stringContaining('--auth-token') });
    }
    expect(existsSync(db)).toBe(false);
  });

  it('serves runs until closed, then the database holds them and no secret reached the log', async () => {
    const db = join(directory, 'served.db');
    const logs: string[] = [];
    const server = await startServer({
      config: parseResearchConfig({ apiKey: 'sk-library-secret' }),
      serve: { port: 0, db, authTokens: ['library-token'], evalDirs: [directory] },
      runner: createFakeRunner({ steps: 2, stepDelayMs: 5 }),
      logStream: { write: (line: string) => logs.push(line) },
    });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.databasePath).toBe(db);
    const headers = { authorization: 'Bearer library-token', 'content-type': 'application/json' };
    expect((await fetch(`${server.url}/api/runs`)).status).toBe(401);
    const created = await fetch(`${server.url}/api/runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: 'What is served?' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await server.runs.waitForEnd(id)).status).toBe('completed');
    await server.close();
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
    const store = openSqliteStore({ path: db });
    expect((await store.getRun(id))?.question).toBe('What is served?');
    await store.close();
    expect(logs.join('')).toContain('"message":"request"');
    expect(logs.join('')).not.toMatch(/sk-library-secret|library-token/);
  });

  it('says a port in use is one, and leaves no database behind', async () => {
    const first = await startServer({
      config: parseResearchConfig({}),
      serve: { port: 0, db: ':memory:' },
      runner: createFakeRunner(),
      logStream: quiet,
    });
    const db = join(directory, 'taken.db');
    await expect(
      startServer({
        config: parseResearchConfig({}),
        serve: { port: first.port, db },
        runner: createFakeRunner(),
        logStream: quiet,
      }),
    ).rejects.toMatchObject({ code: 'invalid_config', key: 'port' });
    expect(existsSync(db)).toBe(false);
    await first.close();
  });
});
