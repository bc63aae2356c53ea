import type { ConfigOrigin } from '../errors.js';
import { parseArgv } from './argv.js';
import { readConfigFile } from './config-file.js';
import { convertValue } from './convert.js';
import { OPTION_DEFAULTS, type OptionsTarget, targetOf, withDefaults } from './defaults.js';
import type { FieldGroup, FieldRow } from './field.js';
import { fieldOfKey, fieldsOf } from './fields/index.js';
import { quickAccepts } from './quick-check.js';
import type { ResearchConfig } from './schema.js';
import type {
  CorpusSettings,
  EvalSettings,
  McpSettings,
  OutputSettings,
  ReadSettings,
  ServeSettings,
} from './settings.js';
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

/** Values by key from one place (flags, environment or file), each with where it came from. */
type Layer = Map<string, { value: unknown; origin: ConfigOrigin }>;

/** Keys of the research options, in schema order. */
const researchConfigKeys = Object.keys(OPTION_DEFAULTS.research);

/**
 * Checks one value where it came from: the field's quick check, else its schema (the schemas, and
 * zod, load at the first value that needs one), whose `ConfigError` names the key, the origin and
 * the value given (`shown`: the text as typed).
 */
class ValueChecks {
  private schemas?: typeof import('./validate.js');

  async check(options: {
    field: FieldRow | undefined;
    key: string;
    value: unknown;
    origin: ConfigOrigin;
    shown?: unknown;
  }): Promise<unknown> {
    if (options.field && quickAccepts(options.field, options.value)) return options.value;
    this.schemas ??= await import('./validate.js');
    const { checkValue, schemaOfKey } = this.schemas;
    return checkValue(
      schemaOfKey(options.key),
      options.value,
      { ...options.origin, key: options.key },
      options.shown,
    );
  }
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
  const checks = new ValueChecks();

  const flags: Layer = new Map();
  for (const [field, raw] of parsed.values) {
    const origin = { flag: `--${field.flag}` };
    const { value, shown } = convertValue(field, raw);
    flags.set(field.key, {
      value: await checks.check({ field, key: field.key, value, origin, shown }),
      origin,
    });
  }
  const configFlag = flags.get('config')?.value as string | undefined;
  const file =
    options.file === false
      ? undefined
      : await readConfigFile({ path: options.file ?? configFlag, cwd: options.cwd ?? process.cwd() });
  if (file) layers.push(await fileLayer(file, accepted, checks));

  const env: Layer = new Map();
  for (const field of fields) {
    const text = field.env ? options.env?.[field.env] : undefined;
    if (field.env && text !== undefined && text.trim() !== '') {
      const origin = { env: field.env };
      const { value, shown } = convertValue(field, text);
      env.set(field.key, {
        value: await checks.check({ field, key: field.key, value, origin, shown }),
        origin,
      });
    }
  }
  layers.push(env, flags);

  const values: Record<OptionsTarget, Record<string, unknown>> = {
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
  // Each value is checked: what the schemas' parse would add is the defaults.
  return {
    research: withDefaults('research', values.research) as ResearchConfig,
    serve: withDefaults('serve', values.serve) as ServeSettings,
    read: withDefaults('read', values.read) as ReadSettings,
    corpus: withDefaults('corpus', values.corpus) as CorpusSettings,
    eval: withDefaults('eval', values.eval) as EvalSettings,
    mcp: withDefaults('mcp', values.mcp) as McpSettings,
    output: withDefaults('output', values.output) as OutputSettings,
    positionals: parsed.positionals,
    origins,
  };
}

/** The file's values of the keys this command takes; an unknown key is an error, another command's is skipped. */
async function fileLayer(
  file: { path: string; data: Record<string, unknown> },
  accepted: ReadonlySet<string>,
  checks: ValueChecks,
): Promise<Layer> {
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
    const origin = { file: file.path };
    layer.set(key, { value: await checks.check({ field, key, value, origin }), origin });
  }
  return layer;
}
