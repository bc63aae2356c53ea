import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../store/index.js';
import { makeTestApp } from '../../testing/server-test-app.js';
import { openTestDatabase, type TestDatabase } from '../../testing/vitest/postgres-database.js';

const started = await openTestDatabase();
const cluster: TestDatabase | undefined = 'url' in started ? started : undefined;
if (!cluster) console.warn(`Shared limits tests skipped: ${'skipped' in started ? started.skipped : ''}`);
afterAll(() => cluster?.stop());

const TOKEN = 'alice-token-0123456789';
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe.skipIf(!cluster)('request limits kept in Postgres', () => {
  it('two apps on one database share the rate limit and the wrong-token throttle', async () => {
    const url = cluster?.url ?? '';
    const stores = await Promise.all([1, 2].map(() => openPostgresStore({ url, schema: 'shared_http' })));
    const [a, b] = stores.map((store) =>
      makeTestApp({ authTokens: [TOKEN], requestsPerMinute: 6, limits: store.limits }),
    );
    if (!a || !b) throw new Error('two apps');
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++) {
      const app = index % 2 === 0 ? a : b;
      statuses.push((await app.app.request('/api/runs', bearer(TOKEN))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const limited = await a.app.request('/api/runs', bearer(TOKEN));
    expect(limited.headers.get('retry-after')).toBe('10');

    const guesses: number[] = [];
    for (let index = 0; index < 12; index++) {
      const app = index % 2 === 0 ? a : b;
      guesses.push((await app.app.request('/api/runs', bearer(`guess-${index}`))).status);
    }
    // Ten wrong tokens a minute from one address (in-process requests all come from `local`).
    expect(guesses.filter((status) => status === 401)).toHaveLength(10);
    expect(guesses.slice(10)).toEqual([429, 429]);
    await Promise.all(stores.map((store) => store.close()));
  });

  it('answers 503 (retry) when Postgres fails, never letting a request past the limits', async () => {
    const url = cluster?.url ?? '';
    const store = await openPostgresStore({ url, schema: 'broken_http' });
    const app = makeTestApp({ authTokens: [TOKEN], limits: store.limits });
    expect((await app.app.request('/api/runs', bearer(TOKEN))).status).toBe(200);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('DROP TABLE broken_http.rate_buckets, broken_http.proven_logins');
    await client.end();
    for (const token of [TOKEN, 'a-wrong-token']) {
      const response = await app.app.request('/api/runs', bearer(token));
      expect(response.status).toBe(503);
      expect(response.headers.get('x-should-retry')).toBe('true');
      const body = await response.json();
      expect(body.error).toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining('Retry shortly'),
      });
      // The client is not told about the database; the log says what failed.
      expect(JSON.stringify(body)).not.toContain('rate_buckets');
    }
    const refusals = app.logs.filter((line) => line.includes('request refused: unavailable'));
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toContain('limits_unavailable');
    expect(refusals[0]).toMatch(/relation .*(proven_logins|rate_buckets).* does not exist/);
    await store.close();
  });
});
