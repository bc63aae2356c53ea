import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError } from '../errors.js';
import { CONFIG_FILE_NAME } from './constants.js';

/** What the commonest reasons a file cannot be read mean, by error code. */
const unreadableReasons: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'its symbolic links go round in a loop',
  ENAMETOOLONG: 'the name is too long',
};

/**
 * The object in a config file: `path` (relative to `cwd`) when given, else `deepresearch.config.json`
 * in `cwd` when it exists, else nothing. A file that cannot be read, is not JSON or is not one
 * object is an error naming the file; its keys are checked by the caller.
 */
export async function readConfigFile(options: {
  path: string | undefined;
  cwd: string;
}): Promise<{ path: string; data: Record<string, unknown> } | undefined> {
  const path = resolve(options.cwd, options.path ?? CONFIG_FILE_NAME);
  if (options.path === undefined && !existsSync(path)) return undefined;
  const problem = (message: string, cause?: unknown) =>
    new ConfigError(message, { problem: 'usage', key: 'config', file: path, cause });
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === undefined ? String(error) : `${unreadableReasons[code] ?? 'error'} (${code})`;
    throw problem(`Cannot read config file ${path}: ${reason}. Name a JSON file with --config.`, error);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw problem(
      `Config file ${path} is not valid JSON (${(error as Error).message}). It must be one JSON object such as {"model": "openai:gpt-4o-mini"}.`,
      error,
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw problem(`Config file ${path} must hold one JSON object of options, e.g. {"maxSteps": 10}.`);
  }
  const { $schema: _schema, ...values } = data as Record<string, unknown>;
  return { path, data: values };
}
