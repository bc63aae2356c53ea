import { LOG_LEVELS } from '../config/index.js';

/** Level of a log line (`LOG_LEVELS`, least severe first). */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Structured logging: one JSON object per line. */
export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
}

/** Field names that may hold a secret; their values never reach a log line. */
const SECRET_FIELD = /token|key|secret|password|authorization|cookie/i;

/** Numbers and booleans are counts and flags (`totalTokens`), never a secret worth hiding. */
const isSecretValue = (name: string, value: unknown) =>
  SECRET_FIELD.test(name) && typeof value !== 'number' && typeof value !== 'boolean';

function scrub(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, isSecretValue(name, value) ? '[redacted]' : value]),
  );
}

/**
 * A logger writing JSON lines (`{ time, level, message, ...fields }`) to `stream`, those of `level`
 * and more severe (default: every line). Fields whose name suggests a secret are redacted, and every
 * string in `secrets` is replaced wherever it appears.
 */
export function createLogger(options: {
  stream: { write(chunk: string): unknown };
  level?: LogLevel;
  secrets?: readonly string[];
  now?: () => Date;
}): Logger {
  const now = options.now ?? (() => new Date());
  const secrets = (options.secrets ?? []).filter((secret) => secret.length > 0);
  const least = LOG_LEVELS.indexOf(options.level ?? LOG_LEVELS[0]);
  return {
    log(level, message, fields = {}) {
      if (LOG_LEVELS.indexOf(level) < least) return;
      let line = JSON.stringify({ time: now().toISOString(), level, message, ...scrub(fields) });
      for (const secret of secrets) line = line.split(secret).join('[redacted]');
      options.stream.write(`${line}\n`);
    },
  };
}

/** A logger that drops everything (library use, quiet tests). */
export const silentLogger: Logger = { log() {} };
