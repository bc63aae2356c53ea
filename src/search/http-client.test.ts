import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { USER_AGENT } from '../config/constants.js';
import { serve } from '../testing/vitest/provider-test-server.js';
import { SearchError } from './errors.js';
import { createHttpClient, type HttpClientOptions } from './http-client.js';
import { createRateLimiter } from './rate-limiter.js';

const provider = { id: 'example', name: 'Example Search', keyVariable: 'EXAMPLE_API_KEY' };
const schema = z.object({ ok: z.boolean() });

function client(options: Partial<HttpClientOptions> = {}) {
  return createHttpClient({
    provider,
    limiter: createRateLimiter({ maxConcurrent: 4, minIntervalMs: 0 }),
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<SearchError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SearchError);
  return error as SearchError;
}

describe('createHttpClient', () => {
  it('sends the DeepResearch User-Agent and parses JSON through the schema', async () => {
    const server = await serve({ body: { ok: true } });
    await expect(client().json({ url: new URL(server.url) }, schema)).resolves.toEqual({ ok: true });
    expect(server.requests[0]?.headers['user-agent']).toBe(USER_AGENT);
  });

  it('maps 401 to authentication naming the key variable and the upstream message', async () => {
    const server = await serve({ status: 401, body: { message: 'Invalid API key' } });
    const error = await failure(client().json({ url: new URL(server.url) }, schema));
    expect(error).toMatchObject({
      code: 'authentication',
      provider: 'example',
      statusCode: 401,
      kind: 'user',
    });
    expect(error.message).toContain('EXAMPLE_API_KEY');
    expect(error.message).toContain('Invalid API key');
  });

  it('maps 402 to quota_exceeded and 500 to a retryable http_error', async () => {
    const quota = await serve({ status: 402, body: { error: 'Payment required' } });
    expect(await failure(client().text({ url: new URL(quota.url) }))).toMatchObject({
      code: 'quota_exceeded',
      kind: 'limit',
    });
    const broken = await serve({ status: 500, body: '<html><h1>Internal error</h1></html>' });
    const error = await failure(client().text({ url: new URL(broken.url) }));
    expect(error).toMatchObject({ code: 'http_error', isRetryable: true, statusCode: 500 });
    expect(error.message).toContain('Internal error');
  });

  it('retries a 429 once after a short Retry-After and returns the retry', async () => {
    const server = await serve([
      { status: 429, headers: { 'retry-after': '0.2' }, body: {} },
      { body: { ok: true } },
    ]);
    const started = Date.now();
    await expect(client().json({ url: new URL(server.url) }, schema)).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('does not retry a 429 whose Retry-After is long, and reports the wait', async () => {
    const server = await serve({
      status: 429,
      headers: { 'retry-after': '30' },
      body: { message: 'Slow down' },
    });
    const error = await failure(client().text({ url: new URL(server.url) }));
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 30_000, isRetryable: true });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429 only once', async () => {
    const server = await serve({ status: 429, headers: { 'retry-after': '0' }, body: {} });
    expect(await failure(client().text({ url: new URL(server.url) }))).toMatchObject({
      code: 'rate_limited',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('reports malformed JSON and unexpected shapes as invalid_response', async () => {
    const malformed = await serve({ body: '{"ok": tru' });
    expect(await failure(client().json({ url: new URL(malformed.url) }, schema))).toMatchObject({
      code: 'invalid_response',
    });
    const wrongShape = await serve({ body: { ok: 'yes' } });
    const error = await failure(client().json({ url: new URL(wrongShape.url) }, schema));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toContain('ok');
  });

  it('times out a slow answer', async () => {
    const server = await serve({ body: { ok: true }, delayMs: 500 });
    const error = await failure(client({ timeoutMs: 50 }).text({ url: new URL(server.url) }));
    expect(error).toMatchObject({ code: 'timeout', isRetryable: true });
  });

  it('reports a refused connection as network_error', async () => {
    const server = await serve({ body: {} });
    const url = new URL(server.url);
    await server.close();
    expect(await failure(client().text({ url }))).toMatchObject({ code: 'network_error' });
  });

  it('rejects with the caller abort reason, not a SearchError', async () => {
    const server = await serve({ body: { ok: true }, delayMs: 500 });
    const controller = new AbortController();
    const pending = client().text({ url: new URL(server.url), signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await pending.catch((reason: unknown) => reason);
    expect(error).not.toBeInstanceOf(SearchError);
    expect((error as Error).name).toBe('AbortError');
  });
});
