/**
 * The wrong-token throttle over real sockets from distinct loopback addresses: wrong guesses from a
 * shared address never lock out a token already in use there, a token not yet used from there waits
 * like a guess (the refusal says nothing of the token), and many addresses together meet a ceiling.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';

const TOKEN = 'token-in-use-0123456789';
const NEW_TOKEN = 'token-not-yet-used-0123456789';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(options: { failedLoginsOverallPerMinute?: number } = {}) {
  const server = makeTestApp({ authTokens: [TOKEN, NEW_TOKEN], requestsPerMinute: 100_000, ...options });
  const http = await listen(server);
  close = http.close;
  return new URL(http.url);
}

/** `GET /api/runs` with a bearer token, sent from `from` (an address of 127.0.0.0/8); its status. */
function get(url: URL, token: string, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/runs',
        localAddress: from,
        headers: { authorization: `Bearer ${token}` },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe.skipIf(process.platform !== 'linux')('the wrong-token throttle', () => {
  it('never locks out a token in use at the address that sent the wrong ones', async () => {
    const url = await start();
    const shared = '127.0.0.2';
    expect(await get(url, TOKEN, shared)).toBe(200);
    const statuses: number[] = [];
    for (let index = 0; index < 15; index += 1) statuses.push(await get(url, `guess-${index}`, shared));
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    // The token in use from this address still works; one never used here waits like a guess.
    expect(await get(url, TOKEN, shared)).toBe(200);
    expect(await get(url, NEW_TOKEN, shared)).toBe(429);
    // Another address is not held back.
    expect(await get(url, NEW_TOKEN, '127.0.0.3')).toBe(200);
  });

  it('holds wrong tokens from many addresses to a ceiling over the whole server', async () => {
    const url = await start({ failedLoginsOverallPerMinute: 40 });
    expect(await get(url, TOKEN, '127.0.2.1')).toBe(200);
    const statuses: number[] = [];
    for (let address = 1; address <= 20; address += 1) {
      for (let guess = 0; guess < 4; guess += 1)
        statuses.push(await get(url, `guess-${guess}`, `127.0.1.${address}`));
    }
    // Four a address stays under the per-address limit of 10; the server stops at 40 in all.
    expect(statuses.filter((status) => status === 401)).toHaveLength(40);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    expect(await get(url, TOKEN, '127.0.2.1')).toBe(200);
    expect(await get(url, NEW_TOKEN, '127.0.2.2')).toBe(429);
  });
});
