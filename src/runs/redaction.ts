import type { ResearchConfig } from '../config/index.js';

/** Options a run record may show: everything but the API key. */
export function safeOptions(options: ResearchConfig): Record<string, unknown> {
  const { apiKey: _apiKey, ...rest } = options;
  return rest;
}

/** Replaces every secret string inside a JSON-shaped value with `[redacted]`. */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const present = secrets.filter((secret) => secret.length > 0);
  if (present.length === 0) return value;
  const text = JSON.stringify(value);
  if (!present.some((secret) => text.includes(secret))) return value;
  let redacted = text;
  for (const secret of present)
    redacted = redacted.split(JSON.stringify(secret).slice(1, -1)).join('[redacted]');
  return JSON.parse(redacted) as T;
}
