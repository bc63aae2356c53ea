import type { ParseArgsConfig } from 'node:util';
import type { ResearchConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { DEFAULT_EVAL_CONCURRENCY } from '../eval/constants.js';
import { DATASET_FORMATS, type DatasetFormat } from '../eval/types.js';
import type { EvalCommandIo } from './eval-command.js';
import type { FlagValues } from './load-config.js';
import { researchFlags } from './options.js';

/** Flags of `deepresearch eval` besides the research flags. */
export const evalOptionSpec: NonNullable<ParseArgsConfig['options']> = {
  format: { type: 'string' },
  limit: { type: 'string' },
  sample: { type: 'string' },
  seed: { type: 'string' },
  ids: { type: 'string', multiple: true },
  out: { type: 'string', short: 'o' },
  concurrency: { type: 'string' },
  resume: { type: 'boolean' },
  'judge-model': { type: 'string' },
  db: { type: 'string' },
  dataset: { type: 'string' },
  predictions: { type: 'string' },
  json: { type: 'boolean' },
};

/** The flags, positionals and streams `runEvalCli` turns into one of the three commands. */
export interface EvalCliInput extends EvalCommandIo {
  values: FlagValues;
  positionals: string[];
  /** Loads the research options (flags > env > config file > defaults); only runs need them. */
  loadConfig: () => Promise<ResearchConfig>;
}

function wholeNumber(value: FlagValues[string], flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || Number(text) < min) {
    throw new ConfigError(
      `Invalid value for --${flag}: expected a whole number ≥ ${min}, got "${String(value)}".`,
      { field: flag },
    );
  }
  return Number(text);
}

function formatOf(value: FlagValues[string]): DatasetFormat | undefined {
  if (value === undefined) return undefined;
  if (!DATASET_FORMATS.includes(value as DatasetFormat)) {
    throw new ConfigError(
      `Invalid value for --format: "${String(value)}". Use one of ${DATASET_FORMATS.join(', ')}.`,
      { field: 'format' },
    );
  }
  return value as DatasetFormat;
}

/** Refuses flags that do nothing for a subcommand, so a typo is not silently ignored. */
function rejectFlags(values: FlagValues, allowed: readonly string[], command: string): void {
  const ignored = Object.keys(values).filter((flag) => values[flag] !== undefined && !allowed.includes(flag));
  if (ignored.length > 0) {
    throw new ConfigError(
      `--${ignored[0]} does not apply to "deepresearch ${command}". Run "deepresearch --help" for its options.`,
    );
  }
}

/** Dispatches `deepresearch eval …` to run, score or compare. */
export async function runEvalCli(input: EvalCliInput): Promise<number> {
  const { values, positionals } = input;
  const [first, ...rest] = positionals;
  const common = ['config', 'verbose', 'quiet'];
  if (first === 'score') {
    rejectFlags(values, [...common, 'dataset', 'predictions', 'format', 'json'], 'eval score');
    if (rest.length > 0 || !values.dataset || !values.predictions) {
      throw new ConfigError(
        'Usage: deepresearch eval score --dataset FILE --predictions FILE.jsonl [--json].',
      );
    }
    const { runEvalScoreCommand } = await import('./eval-command.js');
    return runEvalScoreCommand({
      dataset: String(values.dataset),
      predictions: String(values.predictions),
      ...(formatOf(values.format) ? { format: formatOf(values.format) as DatasetFormat } : {}),
      json: Boolean(values.json),
      cwd: input.cwd,
      stdout: input.stdout,
    });
  }
  if (first === 'compare') {
    rejectFlags(values, [...common, 'json', 'seed'], 'eval compare');
    if (rest.length !== 2)
      throw new ConfigError('Usage: deepresearch eval compare FOLDER_A FOLDER_B [--json] [--seed N].');
    const { runEvalCompareCommand } = await import('./eval-command.js');
    return runEvalCompareCommand({
      a: rest[0] as string,
      b: rest[1] as string,
      json: Boolean(values.json),
      seed: wholeNumber(values.seed, 'seed', 0) ?? 0,
      cwd: input.cwd,
      stdout: input.stdout,
    });
  }
  if (!first || rest.length > 0) {
    throw new ConfigError(
      'Usage: deepresearch eval DATASET [options], deepresearch eval score … or deepresearch eval compare A B.',
    );
  }
  rejectFlags(
    values,
    [
      ...common,
      ...researchFlags.map((entry) => entry.flag),
      ...Object.keys(evalOptionSpec).filter((flag) => !['dataset', 'predictions', 'json'].includes(flag)),
    ],
    'eval',
  );
  const ids = ((values.ids as string[] | undefined) ?? [])
    .flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter(Boolean);
  const sample = wholeNumber(values.sample, 'sample', 1);
  const seed = wholeNumber(values.seed, 'seed', 0);
  const limit = wholeNumber(values.limit, 'limit', 1);
  const format = formatOf(values.format);
  const out = values.out as string | undefined;
  const { runEvalCommand } = await import('./eval-command.js');
  return runEvalCommand({
    dataset: first,
    ...(format ? { format } : {}),
    selection: {
      ...(ids.length > 0 ? { ids } : {}),
      ...(sample ? { sample } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(limit ? { limit } : {}),
    },
    config: await input.loadConfig(),
    ...(out ? { out } : {}),
    concurrency: wholeNumber(values.concurrency, 'concurrency', 1) ?? DEFAULT_EVAL_CONCURRENCY,
    resume: Boolean(values.resume),
    ...(values['judge-model'] ? { judgeModel: String(values['judge-model']) } : {}),
    ...(values.db ? { db: String(values.db) } : {}),
    quiet: Boolean(values.quiet),
    cwd: input.cwd,
    env: input.env,
    stdout: input.stdout,
    stderr: input.stderr,
    signal: input.signal,
  });
}
