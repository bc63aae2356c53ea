/**
 * Two api nodes of the real CLI on one Postgres: the rate limit, the wrong-token throttle and
 * Idempotency-Keys are kept in the database, so a client spreading its requests over both nodes
 * gets the configured rate, not twice it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { openTestDatabase, type TestDatabase } from '../src/testing/vitest/postgres-database.js';
import { startServe, stopServe } from './helpers/serve.js';

const started = await openTestDatabase();
const cluster: TestDatabase | undefined = 'url' in started ? started : undefined;
if (!cluster)
  console.warn(`serve --role api limits (cluster): skipped, ${'skipped' in started ? started.skipped : ''}`);
afterAll(() => cluster?.stop());

const [RUNS, RATE, UNUSED] = ['token-runs-0123456789', 'token-rate-0123456789', 'token-unused-0123456789'];
/** `--rate-limit`: a token's requests a minute over both nodes (a token back every 6 s). */
const RATE_LIMIT = 10;
/** The default wrong tokens one address may send a minute. */
const WRONG_TOKENS = 10;

type Node = Awaited<ReturnType<typeof startServe>>;

/** Statuses of `count` requests sent one after another, alternating between the nodes. */
async function alternate(
  nodes: Node[],
  count: number,
  send: (node: Node, index: number) => Promise<Response>,
) {
  const began = Date.now();
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) {
    const response = await send(nodes[index % nodes.length] as Node, index);
    await response.body?.cancel();
    statuses.push(response.status);
  }
  // Tokens that came back while the requests were sent (one per 60/limit seconds).
  const refilled = (limit: number) => Math.floor((Date.now() - began) / 1000 / (60 / limit));
  return { statuses, refilled };
}

const get = (node: Node, token: string) =>
  fetch(`${node.url}/api/runs`, { headers: { authorization: `Bearer ${token}` } });

describe.skipIf(!cluster)('serve --role api: two nodes on one Postgres share their limits', () => {
  let world: DemoWorld | undefined;
  let nodes: Node[] = [];
  afterAll(async () => {
    await Promise.all(nodes.map((node) => stopServe(node.child)));
    await world?.close();
  });

  it('one run per Idempotency-Key, the configured rate and the configured wrong tokens over both nodes', async () => {
    world = await startDemoWorld();
    const tokens = [RUNS, RATE, UNUSED].flatMap((token) => ['--auth-token', token]);
    const args = ['--db', cluster?.url ?? '', '--role', 'api', '--rate-limit', String(RATE_LIMIT), ...tokens];
    nodes = await Promise.all([startServe([...args, ...world.args]), startServe([...args, ...world.args])]);

    // 1. The same key sent to both nodes at once starts one run; the others get its id.
    const post = (node: Node, question: string) =>
      fetch(`${node.url}/api/runs`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${RUNS}`,
          'content-type': 'application/json',
          'idempotency-key': 'same-key-on-both-nodes',
        },
        body: JSON.stringify({ question }),
      });
    const question = 'When was the Eiffel Tower completed?';
    const posted = await Promise.all(nodes.flatMap((node) => [post(node, question), post(node, question)]));
    const bodies = (await Promise.all(posted.map((response) => response.json()))) as { id: string }[];
    expect(posted.map((response) => response.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
    const listed = (await (await get(nodes[1] as Node, RUNS)).json()) as { runs: { id: string }[] };
    expect(listed.runs.map((run) => run.id)).toEqual([bodies[0]?.id]);
    // The same key with another question, on the other node: refused, as on one server.
    const mismatch = await post(nodes[1] as Node, 'Who built it?');
    expect(mismatch.status).toBe(422);
    expect(((await mismatch.json()) as { error: { code: string } }).error.code).toBe('idempotency_mismatch');

    // 2. A token's requests over both nodes meet one limit: RATE_LIMIT pass, then 429.
    const rate = await alternate(nodes, RATE_LIMIT + 6, (node) => get(node, RATE));
    const passed = rate.statuses.filter((status) => status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(RATE_LIMIT);
    expect(passed).toBeLessThanOrEqual(RATE_LIMIT + rate.refilled(RATE_LIMIT));
    expect(rate.statuses.slice(0, RATE_LIMIT)).toEqual(Array(RATE_LIMIT).fill(200));
    expect(rate.statuses.at(-1)).toBe(429);
    const limited = await get(nodes[0] as Node, RATE);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // 3. Wrong tokens from one address over both nodes: WRONG_TOKENS are told 401, the rest 429.
    const guesses = await alternate(nodes, WRONG_TOKENS + 4, (node, index) => get(node, `guess-${index}`));
    const told = guesses.statuses.filter((status) => status === 401).length;
    expect(told).toBeGreaterThanOrEqual(WRONG_TOKENS);
    expect(told).toBeLessThanOrEqual(WRONG_TOKENS + guesses.refilled(WRONG_TOKENS));
    expect(guesses.statuses.at(-1)).toBe(429);
    // A token accepted from this address (on either node) still works on both; one never used
    // from here waits like a guess on both, whether it is right or not.
    for (const node of nodes) {
      expect((await get(node, RUNS)).status).toBe(200);
      expect((await get(node, UNUSED)).status).toBe(429);
    }
  }, 120_000);
});
