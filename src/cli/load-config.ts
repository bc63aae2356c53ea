import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { z } from 'zod';
import {
  CONFIG_FILE_NAME,
  parseResearchConfig,
  type ResearchConfig,
  researchConfigSchema,
} from '../config/index.js';
import { ConfigError } from '../errors.js';
import { flagForField, type ResearchFlag, researchFlags } from './options.js';

/** Raw flag values as `node:util` parseArgs returns them, keyed by long flag name. */
export type FlagValues = Record<string, string | boolean | string[] | undefined>;

export interface LoadConfigOptions {
  flags: FlagValues;
  env: Record<string, string | undefined>;
  cwd: string;
  /** `--config PATH`; when absent, `deepresearch.config.json` in `cwd` is used if it exists. */
  configPath?: string;
}

const fieldSchemas = researchConfigSchema.shape as Record<string, z.ZodType>;

/**
 * Builds the validated research config with precedence flags > env > config file > defaults.
 * Every value is checked where it came from, so the error names the flag, variable or file key.
 */
export async function loadResearchConfig(options: LoadConfigOptions): Promise<ResearchConfig> {
  const fileLayer = await readConfigFile(options.cwd, options.configPath);
  const envLayer: Record<string, unknown> = {};
  const flagLayer: Record<string, unknown> = {};
  for (const entry of researchFlags) {
    const raw = entry.env ? options.env[entry.env] : undefined;
    if (raw !== undefined && raw.trim() !== '') {
      envLayer[entry.field] = checkField(entry.field, convert(entry, raw, entry.env!), entry.env!);
    }
    const given = options.flags[entry.flag];
    if (given !== undefined) {
      flagLayer[entry.field] = checkField(
        entry.field,
        convert(entry, given, `--${entry.flag}`),
        `--${entry.flag}`,
      );
    }
  }
  return parseResearchConfig({ ...fileLayer, ...envLayer, ...flagLayer }, 'the combined options');
}

async function readConfigFile(cwd: string, configPath: string | undefined): Promise<Record<string, unknown>> {
  const path = resolve(cwd, configPath ?? CONFIG_FILE_NAME);
  if (!configPath && !existsSync(path)) return {};
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `Cannot read config file ${path}: ${(error as Error).message}. Check the --config path.`,
      {
        cause: error,
      },
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `Config file ${path} is not valid JSON (${(error as Error).message}). It must be one JSON object such as {"model": "openai:gpt-4o-mini"}.`,
      { cause: error },
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ConfigError(`Config file ${path} must hold one JSON object of options, e.g. {"maxSteps": 10}.`);
  }
  const layer: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    // `mcp` lists MCP servers to connect to, not a run option; the mcp loader reads it.
    if (key === '$schema' || key === 'mcp') continue;
    if (!(key in fieldSchemas)) {
      throw new ConfigError(
        `Unknown option "${key}" in ${path}. Known options: ${Object.keys(fieldSchemas).join(', ')}.`,
        { field: key },
      );
    }
    layer[key] = checkField(key, value, `"${key}" in ${path}`);
  }
  return layer;
}

function convert(entry: ResearchFlag, raw: string | boolean | string[], origin: string): unknown {
  if (entry.kind === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    const text = String(raw).trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(text)) return true;
    if (['0', 'false', 'no', 'off'].includes(text)) return false;
    throw new ConfigError(`Invalid value for ${origin}: expected true or false, got "${raw}".`, {
      field: entry.field,
    });
  }
  const values = Array.isArray(raw) ? raw : [String(raw)];
  if (entry.kind === 'list') {
    return values
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter((value) => value !== '');
  }
  const value = values[values.length - 1] ?? '';
  if (entry.kind === 'integer') {
    if (!/^\s*\d+\s*$/.test(value)) {
      throw new ConfigError(
        `Invalid value for ${origin}: expected a positive whole number, got "${value}".`,
        {
          field: entry.field,
        },
      );
    }
    return Number.parseInt(value, 10);
  }
  return value;
}

function checkField(field: string, value: unknown, origin: string): unknown {
  const schema = fieldSchemas[field];
  if (!schema) throw new ConfigError(`Unknown option "${field}".`, { field });
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (item ${issue.path.join('.')})` : '';
  const hint = flagForField(field)?.help;
  throw new ConfigError(
    `Invalid value for ${origin}${where}: ${issue?.message ?? 'not allowed'}.${hint ? ` Expected: ${hint}` : ''}`,
    { field },
  );
}
