import { ERROR_DETAIL_MAX_CHARS } from './constants.js';
import { SearchError, type SearchErrorCode } from './errors.js';

/** Who is being called, for error messages. */
export interface ProviderIdentity {
  id: string;
  /** Name for people, e.g. `Brave Search`. */
  name: string;
  /** Variable holding its key, named in authentication errors. */
  keyVariable?: string;
}

/** A provider's answer, body read as text. */
export interface HttpReply {
  status: number;
  headers: Headers;
  body: string;
}

/** What a provider-specific reader found in an error answer; unset fields fall back to the status. */
export interface UpstreamErrorReading {
  code?: SearchErrorCode;
  /** The provider's own explanation. */
  detail?: string;
  retryAfterMs?: number;
}

/** Reads a provider's error answer (parsed JSON body, or undefined) for codes the status does not tell. */
export type ErrorInterpreter = (reply: HttpReply, body: unknown) => UpstreamErrorReading | undefined;

/** Turns a non-2xx answer into a `SearchError` that names the provider and what to do. */
export function describeUpstreamError(
  provider: ProviderIdentity,
  reply: HttpReply,
  interpret?: ErrorInterpreter,
): SearchError {
  const body = parseJson(reply.body);
  const reading = interpret?.(reply, body) ?? {};
  const code = reading.code ?? codeOfStatus(reply.status, provider.keyVariable !== undefined);
  const detail = shorten(reading.detail ?? messageInBody(body) ?? plainText(reply.body));
  const retryAfterMs = reading.retryAfterMs ?? parseRetryAfter(reply.headers.get('retry-after'));
  const said = `HTTP ${reply.status}${detail ? `: ${detail}` : ''}`;
  const advice: Record<SearchErrorCode, string> = {
    authentication: `${provider.name} rejected the credentials (${said}). Check ${provider.keyVariable ?? 'its API key'}.`,
    missing_api_key: `${provider.name} needs an API key (${said}). Set ${provider.keyVariable ?? 'its API key'}.`,
    quota_exceeded: `${provider.name} quota or credits are used up (${said}). Top up the plan, wait for the quota to reset, or use another search provider.`,
    rate_limited: `${provider.name} is rate limiting requests (${said}${retryAfterMs === undefined ? '' : `; retry after ${Math.ceil(retryAfterMs / 1000)} s`}). Wait and retry, or send fewer queries.`,
    http_error:
      reply.status >= 500
        ? `${provider.name} failed (${said}). The service may be down; try again later.`
        : `${provider.name} refused the request (${said}). Check the query and search options.`,
    invalid_response: `${provider.name} returned a response that could not be read (${said}).`,
    timeout: `${provider.name} did not answer in time (${said}).`,
    network_error: `Could not reach ${provider.name} (${said}).`,
  };
  return new SearchError({
    code,
    provider: provider.id,
    message: advice[code],
    statusCode: reply.status,
    retryAfterMs,
  });
}

function codeOfStatus(status: number, usesKey: boolean): SearchErrorCode {
  // A keyless service that answers 401/403 refused us for another reason (blocking, config).
  if (status === 401 || status === 403) return usesKey ? 'authentication' : 'http_error';
  if (status === 402) return 'quota_exceeded';
  if (status === 429) return 'rate_limited';
  return 'http_error';
}

/** Retry-After as delay-seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - Date.now());
}

/** The parsed JSON of a body, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Error bodies are often HTML or plain text; the caller falls back to the raw text.
    return undefined;
  }
}

/** The usual places APIs put their explanation: message, error, error.message, detail... */
export function messageInBody(body: unknown): string | undefined {
  if (typeof body === 'string') return body || undefined;
  if (!isRecord(body)) return undefined;
  for (const key of ['readableMessage', 'message', 'detail', 'error', 'error_message', 'info']) {
    const value = body[key];
    if (typeof value === 'string' && value) return value;
    if (isRecord(value)) {
      const nested = messageInBody(value);
      if (nested) return nested;
    }
  }
  return undefined;
}

/** Whether a value is a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function plainText(body: string): string | undefined {
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

function shorten(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > ERROR_DETAIL_MAX_CHARS ? `${single.slice(0, ERROR_DETAIL_MAX_CHARS)}…` : single;
}
