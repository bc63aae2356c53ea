import { parse as parsePath, resolve } from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import type { ResearchConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { DEFAULT_EVAL_CONCURRENCY } from '../eval/constants.js';
import type { DatasetFormat, QuestionSelection } from '../eval/index.js';
import type { Runner } from '../server/index.js';
import { checkSetupForCli } from './check-setup.js';
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

const FORMATS: readonly DatasetFormat[] = [
  'hotpotqa',
  'hotpotqa-fullwiki',
  'simpleqa',
  'frames',
  'browsecomp',
  'jsonl',
];

interface Output {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  signal: AbortSignal;
}

/** `deepresearch eval <dataset>`: research every selected question and report. */
export interface EvalRunCommandOptions extends Output {
  dataset: string;
  format?: DatasetFormat;
  selection: QuestionSelection;
  config: ResearchConfig;
  /** Output folder (default `eval-<dataset name>`). */
  out?: string;
  concurrency: number;
  resume: boolean;
  judgeModel?: string;
  /** Run database (default: the server's). */
  db?: string;
  quiet: boolean;
  /** Executes runs instead of the engine (tests). */
  runner?: Runner;
}

/** Runs an evaluation; 0 when every question finished, 130 when Ctrl-C stopped it. */
export async function runEvalCommand(options: EvalRunCommandOptions): Promise<number> {
  const evaluation = await import('../eval/index.js');
  const datasetPath = resolve(options.cwd, options.dataset);
  const dataset = await evaluation.loadDataset({
    path: datasetPath,
    ...(options.format ? { format: options.format } : {}),
  });
  const selected = evaluation.selectQuestions(dataset.questions, options.selection);
  if (!options.runner) await checkSetupForCli(options.config, options.env);
  const judge = options.judgeModel
    ? await createJudgeFor(options.config, options.judgeModel, options.env)
    : undefined;
  const [server, store] = await Promise.all([import('../server/index.js'), import('../store/index.js')]);
  const database = store.openSqliteStore({
    path: options.db ? resolve(options.cwd, options.db) : server.defaultDatabasePath({ env: options.env }),
  });
  const errors = server.createLogger({
    stream: options.stderr,
    secrets: options.config.apiKey ? [options.config.apiKey] : [],
  });
  const outDir = resolve(options.cwd, options.out ?? `eval-${parsePath(datasetPath).name}`);
  try {
    const outcome = await evaluation.runEvalJob({
      dataset,
      selected,
      config: options.config,
      outDir,
      resume: options.resume,
      concurrency: options.concurrency,
      store: database,
      runner: options.runner ?? (await import('../research/index.js')).research,
      sourceCache: store.createSqliteSourceCache(database.database),
      runtime: { env: options.env },
      logger: { log: (level, message, fields) => level === 'error' && errors.log(level, message, fields) },
      signal: options.signal,
      ...(judge ? { judge } : {}),
      ...(options.quiet
        ? {}
        : { progress: { stream: options.stderr, isTTY: Boolean(options.stderr.isTTY) } }),
    });
    options.stdout.write(outcome.markdown);
    if (!options.quiet) {
      options.stderr.write(`Results in ${outDir} (results.jsonl, summary.json, summary.md, report.html)\n`);
      if (outcome.interrupted)
        options.stderr.write(`Interrupted: run again with --resume --out ${outDir} to finish.\n`);
    }
    return outcome.interrupted ? 130 : 0;
  } finally {
    await database.close();
  }
}

async function createJudgeFor(
  config: ResearchConfig,
  model: string,
  env: Record<string, string | undefined>,
) {
  const [{ createLlm }, { createJudge }, { parseResearchConfig }] = await Promise.all([
    import('../llm/index.js'),
    import('../eval/index.js'),
    import('../config/index.js'),
  ]);
  const { plannerModel: _planner, evaluatorModel: _evaluator, writerModel: _writer, ...shared } = config;
  const judgeConfig = parseResearchConfig({ ...shared, model, fallbackModels: [] }, '--judge-model');
  return createJudge({
    llm: createLlm({ config: judgeConfig, env, structuredOutputMode: config.structuredOutput }),
    model,
  });
}

/** `deepresearch eval score`: score predictions made elsewhere against a dataset. */
export interface EvalScoreCommandOptions {
  dataset: string;
  format?: DatasetFormat;
  predictions: string;
  json: boolean;
  cwd: string;
  stdout: NodeJS.WritableStream;
}

export async function runEvalScoreCommand(options: EvalScoreCommandOptions): Promise<number> {
  const evaluation = await import('../eval/index.js');
  const dataset = await evaluation.loadDataset({
    path: resolve(options.cwd, options.dataset),
    ...(options.format ? { format: options.format } : {}),
  });
  const predictions = await evaluation.readPredictions(resolve(options.cwd, options.predictions));
  const scores = evaluation.scorePredictions(dataset.questions, predictions);
  if (options.json) {
    options.stdout.write(`${JSON.stringify(scores)}\n`);
    return 0;
  }
  options.stdout.write(
    `${scores.n} questions, ${scores.answered} predicted (${scores.missing} missing, scored 0; ${scores.unmatched} predictions for unknown ids ignored)\nEM ${scores.em.toFixed(4)}  F1 ${scores.f1.toFixed(4)}  precision ${scores.precision.toFixed(4)}  recall ${scores.recall.toFixed(4)}\n`,
  );
  return 0;
}

/** `deepresearch eval compare A B`: two result folders side by side. */
export interface EvalCompareCommandOptions {
  a: string;
  b: string;
  json: boolean;
  seed: number;
  cwd: string;
  stdout: NodeJS.WritableStream;
}

export async function runEvalCompareCommand(options: EvalCompareCommandOptions): Promise<number> {
  const evaluation = await import('../eval/index.js');
  const { existsSync } = await import('node:fs');
  const side = async (folder: string) => {
    const path = resolve(options.cwd, folder, 'results.jsonl');
    if (!existsSync(path)) {
      throw new ConfigError(
        `${folder} has no results.jsonl; pass two folders written by "deepresearch eval --out".`,
      );
    }
    return { folder, results: await evaluation.readResults(path) };
  };
  const comparison = evaluation.compareResults({
    a: await side(options.a),
    b: await side(options.b),
    seed: options.seed,
  });
  options.stdout.write(
    options.json ? `${JSON.stringify(comparison, null, 2)}\n` : evaluation.comparisonMarkdown(comparison),
  );
  return 0;
}

/** The flags, positionals and streams `runEvalCli` turns into one of the three commands. */
export interface EvalCliInput extends Output {
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
  if (!FORMATS.includes(value as DatasetFormat)) {
    throw new ConfigError(
      `Invalid value for --format: "${String(value)}". Use one of ${FORMATS.join(', ')}.`,
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
