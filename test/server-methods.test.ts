/** A wrong method on a route that exists is a 405 naming the methods it takes; anything else a 404. */
import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../src/testing/server-test-app.js';

describe('methods', () => {
  it.each([
    ['PUT', '/api/runs', ['GET', 'HEAD', 'POST']],
    ['POST', '/api/runs/abc', ['GET', 'HEAD', 'DELETE']],
    ['GET', '/api/runs/abc/cancel', ['POST']],
    ['DELETE', '/api/runs/abc/events', ['GET', 'HEAD']],
    ['POST', '/api/metrics', ['GET', 'HEAD']],
    ['PATCH', '/health', ['GET', 'HEAD']],
    ['POST', '/', ['GET', 'HEAD']],
    ['DELETE', '/runs/abc', ['GET', 'HEAD']],
  ])('%s %s → 405 with Allow', async (method, path, allowed) => {
    const server = makeTestApp();
    const response = await server.app.request(path, { method });
    expect(response.status).toBe(405);
    const allow = (response.headers.get('allow') ?? '').split(',').map((name) => name.trim());
    expect(allow.sort()).toEqual([...allowed].sort());
    expect((await response.json()).error).toMatchObject({
      code: 'method_not_allowed',
      message: expect.stringContaining(method),
    });
  });

  it('answers a wrong method on /v1 in OpenAI error shape', async () => {
    const server = makeTestApp();
    const response = await server.app.request('/v1/chat/completions', { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect((await response.json()).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'method_not_allowed',
    });
  });

  it('keeps 404 for paths no route has, and HEAD works where GET does', async () => {
    const server = makeTestApp();
    for (const path of ['/api/nothing', '/api/runs/abc/nothing', '/v1/embeddings']) {
      expect((await server.app.request(path, { method: 'POST' })).status, path).toBe(404);
    }
    expect((await server.app.request('/api/runs', { method: 'HEAD' })).status).toBe(200);
    expect((await server.app.request('/api/runs/missing')).status).toBe(404);
  });
});
