import type { LoadedConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { DATASET_FORMATS, type DatasetFormat } from '../eval/index.js';
import type { EvalCommandIo } from './eval-command.js';

/** What `runEvalCli` turns into one of the three commands: the loaded options and the streams. */
export interface EvalCliInput extends EvalCommandIo {
  loaded: LoadedConfig;
}

function formatOf(value: string | undefined): DatasetFormat | undefined {
  if (value === undefined) return undefined;
  if (!DATASET_FORMATS.includes(value as DatasetFormat)) {
    throw new ConfigError(
      `Invalid value for --format: must be one of ${DATASET_FORMATS.join(', ')}, got "${value}".`,
      { key: 'datasetFormat', flag: '--format', received: value },
    );
  }
  return value as DatasetFormat;
}

/** Refuses flags that do nothing for a subcommand, so a typo is not silently ignored. */
function rejectFlags(loaded: LoadedConfig, allowed: readonly string[], command: string): void {
  const given = Object.entries(loaded.origins).filter(([, origin]) => 'flag' in origin && origin.flag);
  const ignored = given.find(([key]) => !allowed.includes(key));
  if (ignored) {
    const flag = (ignored[1] as { flag: string }).flag;
    throw new ConfigError(
      `${flag} does not apply to "deepresearch ${command}". Run "deepresearch ${command.split(' ')[0]} --help" for its options.`,
    );
  }
}

const COMMON = ['config', 'verbose', 'quiet'];

/** Dispatches `deepresearch eval …` to run, score or compare. */
export async function runEvalCli(input: EvalCliInput): Promise<number> {
  const { loaded } = input;
  const options = loaded.eval;
  const [first, ...rest] = loaded.positionals;
  if (first === 'score') {
    rejectFlags(loaded, [...COMMON, 'dataset', 'predictions', 'datasetFormat', 'json'], 'eval score');
    if (rest.length > 0 || !options.dataset || !options.predictions) {
      throw new ConfigError(
        'Usage: deepresearch eval score --dataset FILE --predictions FILE.jsonl [--json].',
      );
    }
    const format = formatOf(options.datasetFormat);
    const { runEvalScoreCommand } = await import('./eval-command.js');
    return runEvalScoreCommand({
      dataset: options.dataset,
      predictions: options.predictions,
      ...(format ? { format } : {}),
      json: loaded.output.json,
      cwd: input.cwd,
      stdout: input.stdout,
    });
  }
  if (first === 'compare') {
    rejectFlags(loaded, [...COMMON, 'json', 'seed'], 'eval compare');
    if (rest.length !== 2)
      throw new ConfigError('Usage: deepresearch eval compare FOLDER_A FOLDER_B [--json] [--seed N].');
    const { runEvalCompareCommand } = await import('./eval-command.js');
    return runEvalCompareCommand({
      a: rest[0] as string,
      b: rest[1] as string,
      json: loaded.output.json,
      seed: options.seed ?? 0,
      cwd: input.cwd,
      stdout: input.stdout,
    });
  }
  if (!first || rest.length > 0) {
    throw new ConfigError(
      'Usage: deepresearch eval DATASET [options], deepresearch eval score … or deepresearch eval compare A B.',
    );
  }
  const notForRuns = ['dataset', 'predictions', 'json'];
  rejectFlags(
    loaded,
    Object.keys(loaded.origins).filter((key) => !notForRuns.includes(key)),
    'eval',
  );
  const ids = options.ids
    .flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter(Boolean);
  const format = formatOf(options.datasetFormat);
  const out = loaded.output.out;
  const db = loaded.serve.db;
  const { runEvalCommand } = await import('./eval-command.js');
  return runEvalCommand({
    dataset: first,
    ...(format ? { format } : {}),
    selection: {
      ...(ids.length > 0 ? { ids } : {}),
      ...(options.sample ? { sample: options.sample } : {}),
      seed: options.seed,
      ...(options.evalLimit ? { limit: options.evalLimit } : {}),
    },
    config: loaded.research,
    ...(out ? { out } : {}),
    concurrency: options.evalConcurrency,
    resume: options.resume,
    ...(options.judgeModel ? { judgeModel: options.judgeModel } : {}),
    ...(db ? { db } : {}),
    quiet: loaded.output.quiet,
    cwd: input.cwd,
    env: input.env,
    stdout: input.stdout,
    stderr: input.stderr,
    signal: input.signal,
  });
}
