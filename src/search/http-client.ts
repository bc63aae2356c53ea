import type { z } from 'zod';
import { USER_AGENT } from '../config/index.js';
import { abortableDelay } from '../shared/index.js';
import { MAX_RETRY_AFTER_MS, SEARCH_TIMEOUT_MS } from './constants.js';
import { SearchError } from './errors.js';
import {
  describeUpstreamError,
  type ErrorInterpreter,
  type HttpReply,
  type ProviderIdentity,
} from './http-errors.js';
import type { RateLimiter } from './rate-limiter.js';

/** How a provider's HTTP client is built. */
export interface HttpClientOptions {
  provider: ProviderIdentity;
  limiter: RateLimiter;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Reads provider-specific error bodies (quota codes, messages). */
  interpretError?: ErrorInterpreter;
}

/** One request to a provider API. */
export interface HttpRequest {
  url: URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A JSON body (sent as application/json) or form fields (sent url-encoded). */
  json?: unknown;
  form?: URLSearchParams;
  signal?: AbortSignal;
}

/** Sends provider requests with the limiter, timeout, User-Agent and typed errors applied. */
export interface SearchHttpClient {
  text(request: HttpRequest): Promise<HttpReply>;
  json<Schema extends z.ZodType>(request: HttpRequest, schema: Schema): Promise<z.output<Schema>>;
}

/**
 * The HTTP client of one provider: every request goes through its rate limiter, gets a timeout and
 * the DeepResearch User-Agent, and fails with a `SearchError` (or the caller's abort reason). A 429
 * with a Retry-After under MAX_RETRY_AFTER_MS is retried once.
 */
export function createHttpClient(options: HttpClientOptions): SearchHttpClient {
  const timeoutMs = options.timeoutMs ?? SEARCH_TIMEOUT_MS;
  const provider = options.provider;

  const sendOnce = async (request: HttpRequest): Promise<HttpReply> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, ...request.headers };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = request.form.toString();
    }
    try {
      const response = await (options.fetch ?? fetch)(request.url, {
        method: request.method ?? 'GET',
        headers,
        body,
        signal,
      });
      return { status: response.status, headers: response.headers, body: await response.text() };
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (timeout.aborted) {
        throw new SearchError({
          code: 'timeout',
          provider: provider.id,
          message: `${provider.name} did not answer within ${timeoutMs} ms; try again later.`,
          cause: error,
        });
      }
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause : error) : null;
      throw new SearchError({
        code: 'network_error',
        provider: provider.id,
        message: `Could not reach ${provider.name} at ${request.url.origin}${reason ? `: ${reason.message}` : ''}.`,
        cause: error,
      });
    }
  };

  const text = async (request: HttpRequest): Promise<HttpReply> => {
    for (let attempt = 0; ; attempt += 1) {
      const reply = await options.limiter.schedule(() => sendOnce(request), request.signal);
      if (reply.status >= 200 && reply.status < 300) return reply;
      const error = describeUpstreamError(provider, reply, options.interpretError);
      const retryAfterMs = error.retryAfterMs;
      const shortWait = retryAfterMs !== undefined && retryAfterMs < MAX_RETRY_AFTER_MS;
      if (error.code !== 'rate_limited' || attempt > 0 || !shortWait) throw error;
      await abortableDelay(retryAfterMs, request.signal);
    }
  };

  return {
    text,
    async json(request, schema) {
      const reply = await text({ ...request, headers: { accept: 'application/json', ...request.headers } });
      let parsed: unknown;
      try {
        parsed = JSON.parse(reply.body);
      } catch (error) {
        throw invalidResponse(provider, 'the body is not JSON', error);
      }
      const result = schema.safeParse(parsed);
      if (!result.success) {
        const issue = result.error.issues[0];
        const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
        throw invalidResponse(
          provider,
          `unexpected shape${where}: ${issue?.message ?? 'invalid'}`,
          result.error,
        );
      }
      return result.data;
    },
  };
}

/** The provider answered 2xx with a body we cannot read. */
export function invalidResponse(provider: ProviderIdentity, reason: string, cause?: unknown): SearchError {
  return new SearchError({
    code: 'invalid_response',
    provider: provider.id,
    message: `${provider.name} returned a response that could not be read (${reason}); the API may have changed or a proxy answered instead.`,
    cause,
  });
}
