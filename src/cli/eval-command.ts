import { parse as parsePath, resolve } from 'node:path';
import type { ResearchConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import type { DatasetFormat, QuestionSelection } from '../eval/index.js';
import type { Runner } from '../runs/index.js';
import { folderTargetProblem } from '../shared/index.js';
import { plural } from './progress-words.js';

/** Where a command reads and writes. */
export interface EvalCommandIo {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  signal: AbortSignal;
}

/** `deepresearch eval <dataset>`: research every selected question and report. */
export interface EvalRunCommandOptions extends EvalCommandIo {
  dataset: string;
  format?: DatasetFormat;
  selection: QuestionSelection;
  config: ResearchConfig;
  /** EvalCommandIo folder (default `eval-<dataset name>`). */
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
  const datasetPath = resolve(options.cwd, options.dataset);
  const outDir = resolve(options.cwd, options.out ?? `eval-${parsePath(datasetPath).name}`);
  const evaluation = await import('../eval/index.js');
  const dataset = await evaluation.loadDataset({
    path: datasetPath,
    ...(options.format ? { format: options.format } : {}),
  });
  const selected = evaluation.selectQuestions(dataset.questions, options.selection);
  // The results folder is made (or found to be a file, or out of reach) before any question runs.
  const outProblem = await folderTargetProblem(outDir, { create: true });
  if (outProblem) {
    const place = options.out === undefined ? `The results folder ${outDir}` : `--out ${options.out}`;
    throw new ConfigError(`${place} cannot be used: ${outProblem}.`, { key: 'out' });
  }
  if (!options.runner) {
    const { checkResearchSetup } = await import('../research/index.js');
    await checkResearchSetup(options.config, { env: options.env });
  }
  const judge = options.judgeModel
    ? await createJudgeFor(options.config, options.judgeModel, options.env)
    : undefined;
  const server = await import('../server/index.js');
  const database = await server.openServerDatabase({
    defaultPath: server.defaultDatabasePath({ env: options.env }),
    cwd: options.cwd,
    ...(options.db ? { db: options.db } : {}),
  });
  const errors = server.createLogger({
    stream: options.stderr,
    secrets: options.config.apiKey ? [options.config.apiKey] : [],
  });
  try {
    const outcome = await evaluation.runEvalJob({
      dataset,
      selected,
      config: options.config,
      outDir,
      resume: options.resume,
      concurrency: options.concurrency,
      store: database.store,
      runner: options.runner ?? (await import('../research/index.js')).research,
      capabilities: { env: options.env, sourceCache: database.sourceCache },
      logger: { log: (level, message, fields) => level === 'error' && errors.log(level, message, fields) },
      signal: options.signal,
      judge,
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
    await database.store.close();
  }
}

async function createJudgeFor(
  config: ResearchConfig,
  model: string,
  env: Record<string, string | undefined>,
) {
  const [{ buildLlm }, { createJudge }, { parseResearchConfig }] = await Promise.all([
    import('../research/index.js'),
    import('../eval/index.js'),
    import('../config/schemas.js'),
  ]);
  const {
    plannerModel: _planner,
    extractorModel: _extractor,
    evaluatorModel: _evaluator,
    writerModel: _writer,
    ...shared
  } = config;
  const judgeConfig = parseResearchConfig({ ...shared, model, fallbackModels: [] });
  return createJudge({
    llm: buildLlm(judgeConfig, { env }),
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
    `${plural(scores.n, 'question')}, ${scores.answered} predicted (${scores.missing} missing, scored 0; ${plural(scores.unmatched, 'prediction')} for unknown ids ignored)\nEM ${scores.em.toFixed(4)}  F1 ${scores.f1.toFixed(4)}  precision ${scores.precision.toFixed(4)}  recall ${scores.recall.toFixed(4)}\n`,
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
  if (comparison.paired === 0) {
    throw new ConfigError(
      `Nothing to compare: ${options.a} (${plural(comparison.a.results, 'result')}) and ${options.b} (${plural(comparison.b.results, 'result')}) have no question in common. Compare two evaluations of the same dataset.`,
    );
  }
  options.stdout.write(
    options.json ? `${JSON.stringify(comparison, null, 2)}\n` : evaluation.comparisonMarkdown(comparison),
  );
  return 0;
}
