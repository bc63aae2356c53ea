/** Auth: wrong tokens are throttled per client address before any work. */
import { describe, expect, it } from 'vitest';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';

const TOKEN = 'token-right-0123456789';

describe('failed logins', () => {
  it('answers 429 with Retry-After once an address has sent too many wrong tokens', async () => {
    const server = makeTestApp({ authTokens: [TOKEN], failedLoginsPerMinute: 5 });
    // Right tokens never count against the address.
    for (let index = 0; index < 20; index++) {
      const response = await server.app.request('/api/runs', {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(200);
    }
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++) {
      const response = await server.app.request('/api/runs', {
        headers: { authorization: `Bearer wrong-${index}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const limited = await server.app.request('/api/runs', {
      headers: { authorization: 'Bearer wrong-again' },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await limited.json()).error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('wrong tokens'),
    });
    // Refused before the token is looked at: the right one waits too, as would a guess.
    const right = await server.app.request('/api/runs', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(429);
    // A request without any token is not a guess, and the health check needs none.
    expect((await server.app.request('/api/runs')).status).toBe(401);
    expect((await server.app.request('/health')).status).toBe(200);
  });

  it('throttles a burst of wrong tokens over HTTP to the default of 10 a minute', async () => {
    const server = makeTestApp({ authTokens: [TOKEN] });
    const http = await listen(server);
    try {
      const statuses = await Promise.all(
        Array.from({ length: 300 }, (_, index) =>
          fetch(`${http.url}/api/runs`, { headers: { authorization: `Bearer guess-${index}` } }).then(
            (response) => response.status,
          ),
        ),
      );
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(290);
      // Query-string tokens (EventSource, WebSocket) count the same.
      const viaQuery = await fetch(`${http.url}/api/runs?access_token=guess`);
      expect(viaQuery.status).toBe(429);
      // Per address: a caller elsewhere (here: in process, not 127.0.0.1) is not held back.
      const elsewhere = await server.app.request('/api/runs', {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await http.close();
    }
  });
});
