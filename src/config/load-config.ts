import type { z } from 'zod';
import type { ConfigOrigin } from '../errors.js';
import { parseArgv } from './argv.js';
import { readConfigFile } from './config-file.js';
import { convertValue } from './convert.js';
import type { FieldGroup } from './field.js';
import { fieldOfKey, fieldsOf } from './fields/index.js';
import { type ResearchConfig, researchConfigKeys, researchConfigSchema } from './schema.js';
import {
  type CorpusSettings,
  corpusSettingsSchema,
  type EvalSettings,
  evalSettingsSchema,
  type McpSettings,
  mcpSettingsSchema,
  type OutputSettings,
  outputSettingsSchema,
  type ReadSettings,
  readSettingsSchema,
  type ServeSettings,
  serveSettingsSchema,
} from './settings.js';
import { checkValue, parseResearchConfig } from './validate.js';
import { configError } from './wording.js';

export interface LoadConfigOptions {
  /** Command-line arguments after the command's name: flags and positionals. Default none. */
  argv?: readonly string[];
  /** Environment variables, e.g. `process.env`. Default none. */
  env?: Record<string, string | undefined>;
  /**
   * Config file, relative to `cwd`; `false` reads none. Default: the `--config` flag, else
   * `deepresearch.config.json` in `cwd` when it exists.
   */
  file?: string | false;
  /** Directory a relative `file` and the default file are found in. Default `process.cwd()`. */
  cwd?: string;
  /** Whose flags `argv` may hold. Default `['research', 'output', 'general']` (the ask command). */
  groups?: readonly FieldGroup[];
}

/** Every option a command needs, validated, defaults filled in. */
export interface LoadedConfig {
  /** The options of a run (`research()` takes them as they are). */
  research: ResearchConfig;
  serve: ServeSettings;
  read: ReadSettings;
  /** What `index` and `search` take besides the research options' corpus, embedModel, embedBaseURL. */
  corpus: CorpusSettings;
  eval: EvalSettings;
  mcp: McpSettings;
  output: OutputSettings;
  /** Arguments that are not flags: the question's words, or read's inputs. */
  positionals: string[];
  /** Where each key's value came from; a key at its default has none. */
  origins: Record<string, ConfigOrigin>;
}

type Target = 'research' | 'serve' | 'read' | 'corpus' | 'eval' | 'mcp' | 'output';
/** Values by key from one place (flags, environment or file), each with where it came from. */
type Layer = Map<string, { value: unknown; origin: ConfigOrigin }>;

const TARGETS: Record<Target, z.ZodObject> = {
  research: researchConfigSchema,
  serve: serveSettingsSchema,
  read: readSettingsSchema,
  corpus: corpusSettingsSchema,
  eval: evalSettingsSchema,
  mcp: mcpSettingsSchema,
  output: outputSettingsSchema,
};

function targetOf(key: string): Target | undefined {
  return (Object.keys(TARGETS) as Target[]).find((target) => key in TARGETS[target].shape);
}

/**
 * Loads options with precedence flags > environment > config file > defaults, checking each value
 * where it came from, so an error names the flag, variable or file key (`ConfigError` with `flag`,
 * `env` or `file`, `key`, `expected` and `received`). The CLI calls this; so can library users:
 * `const { research } = await loadConfig({ argv: process.argv.slice(2), env: process.env })`.
 */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const groups = options.groups ?? ['research', 'output', 'general'];
  const fields = fieldsOf(groups);
  const accepted = new Set([
    ...fields.map((field) => field.key),
    ...(groups.includes('research') ? researchConfigKeys : []),
  ]);
  const parsed = parseArgv(options.argv ?? [], fields);
  const layers: Layer[] = [];

  const flags: Layer = new Map();
  for (const [field, raw] of parsed.values) {
    const origin = { flag: `--${field.flag}` };
    flags.set(field.key, { value: convertValue(field, raw, origin), origin });
  }
  const configFlag = flags.get('config')?.value as string | undefined;
  const file =
    options.file === false
      ? undefined
      : await readConfigFile({ path: options.file ?? configFlag, cwd: options.cwd ?? process.cwd() });
  if (file) layers.push(fileLayer(file, accepted));

  const env: Layer = new Map();
  for (const field of fields) {
    const text = field.env ? options.env?.[field.env] : undefined;
    if (field.env && text !== undefined && text.trim() !== '') {
      const origin = { env: field.env };
      env.set(field.key, { value: convertValue(field, text, origin), origin });
    }
  }
  layers.push(env, flags);

  const values: Record<Target, Record<string, unknown>> = {
    research: {},
    serve: {},
    read: {},
    corpus: {},
    eval: {},
    mcp: {},
    output: {},
  };
  const origins: Record<string, ConfigOrigin> = {};
  for (const layer of layers) {
    for (const [key, { value, origin }] of layer) {
      const target = targetOf(key);
      if (!target) continue;
      values[target][key] = value;
      origins[key] = origin;
    }
  }
  return {
    research: parseResearchConfig(values.research),
    serve: serveSettingsSchema.parse(values.serve),
    read: readSettingsSchema.parse(values.read),
    corpus: corpusSettingsSchema.parse(values.corpus),
    eval: evalSettingsSchema.parse(values.eval),
    mcp: mcpSettingsSchema.parse(values.mcp),
    output: outputSettingsSchema.parse(values.output),
    positionals: parsed.positionals,
    origins,
  };
}

/** The file's values of the keys this command takes; an unknown key is an error, another command's is skipped. */
function fileLayer(file: { path: string; data: Record<string, unknown> }, accepted: ReadonlySet<string>) {
  const layer: Layer = new Map();
  const fileKeys = [
    ...researchConfigKeys,
    ...fieldsOf(['serve', 'read', 'corpus', 'mcp', 'mcp-server']).map((field) => field.key),
  ];
  const known = [...new Set(fileKeys)];
  for (const [key, value] of Object.entries(file.data)) {
    const field = fieldOfKey(key);
    if (!known.includes(key) || field?.inFile === false) {
      throw configError({ problem: 'unknown_option', key, file: file.path, known });
    }
    if (!accepted.has(key)) continue;
    const schema = field?.schema ?? researchConfigSchema.shape[key as keyof ResearchConfig];
    const origin = { file: file.path };
    layer.set(key, { value: checkValue(schema, value, { ...origin, key }), origin });
  }
  return layer;
}
