import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ResearchConfig } from '../../config/index.js';
import type { CapabilityOverrides } from '../../research/index.js';
import { connectionOptionsOf, type Logger, RunManager, type Runner } from '../../runs/index.js';
import type { RunRecord, RunStore } from '../../store/index.js';
import { LOCAL_SEARCH_ID } from '../documents/local-documents.js';
import { runtimeForQuestion } from '../documents/question-runtime.js';
import type { Judge } from '../scoring/judge.js';
import { answerText } from '../scoring/prediction-text.js';
import type { EvalQuestion } from '../types.js';
import { type QuestionResult, questionResult } from './question-result.js';
import { createResultsWriter } from './results-file.js';

export interface RunEvalOptions {
  /** The questions still to run (finished ones already left out). */
  questions: readonly EvalQuestion[];
  config: ResearchConfig;
  /** Where `results.jsonl` and the questions' documents go. */
  outDir: string;
  /** Where each run is stored, as the server stores runs (the UI opens them from there). */
  store: RunStore;
  /** Questions researched at once. */
  concurrency: number;
  judge?: Judge;
  /** Executes one run (default: the engine's `research`). */
  runner: Runner;
  /**
   * Capabilities given to every run: the environment, the reader cache shared with the server (its
   * SQLite cache; sources read are recorded per run), models in tests.
   */
  capabilities?: CapabilityOverrides;
  /** Run bookkeeping failures are logged here. */
  logger: Logger;
  /** Stops starting questions and cuts running ones off; everything finished is kept. */
  signal?: AbortSignal;
  /** Told when a question starts and when its result line is written. */
  onStart?: (question: EvalQuestion) => void;
  onResult?: (result: QuestionResult) => void;
}

/** Outcome of one evaluation pass. */
export interface EvalPass {
  /** Results written by this pass, in the order they finished. */
  results: QuestionResult[];
  /** True when the signal stopped the pass before every question finished. */
  interrupted: boolean;
}

/**
 * Researches each question (at most `concurrency` at once) through a run manager over `store`, so
 * each run is stored like any run of the server, scores it (and has the judge grade it), and
 * appends its line to `results.jsonl` as soon as it is done. A run cut off by the signal is not
 * written, so `--resume` runs it again.
 */
export async function runEvaluation(options: RunEvalOptions): Promise<EvalPass> {
  const resultsPath = join(options.outDir, 'results.jsonl');
  const writer = createResultsWriter(resultsPath);
  const questionOfRun = new Map<string, EvalQuestion>();
  const nextIds: string[] = [];
  const runner: Runner = async (researchOptions, runtime) => {
    const question = runtime.runId ? questionOfRun.get(runtime.runId) : undefined;
    const local = question
      ? await runtimeForQuestion(question, {
          documentsRoot: join(options.outDir, 'documents'),
          sourceCache: runtime.sourceCache,
        })
      : {};
    return options.runner(researchOptions, { ...runtime, ...local });
  };
  const manager = new RunManager({
    store: options.store,
    runner,
    maxConcurrentRuns: options.concurrency,
    logger: options.logger,
    secrets: options.config.apiKey ? [options.config.apiKey] : [],
    // Each run executes with the config's key and connection, as a server's runs do with its operator's.
    connection: connectionOptionsOf(options.config),
    capabilities: options.capabilities,
    // Ids are chosen here so the runner knows which question a run is for.
    createId: () => nextIds.shift() ?? randomUUID(),
  });

  const queue = [...options.questions];
  const results: QuestionResult[] = [];
  // Ctrl-C, or a failure of the bookkeeping, stops the pass: no new question starts, running runs are
  // cut off (stored as interrupted) and every finished line stays.
  const stop = new AbortController();
  const signal = stop.signal;
  const stopped = () => signal.aborted;
  const onAbort = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  signal.addEventListener('abort', () => void manager.shutdown({ graceMs: 0 }), { once: true });

  const runOne = async (question: EvalQuestion) => {
    const id = randomUUID();
    questionOfRun.set(id, question);
    nextIds.push(id);
    let record: RunRecord;
    try {
      // The stored options say what the run searched: its own documents, or the configured providers.
      // Memory is off: a question must not draw on the answers of the dataset's other questions.
      const researchOptions = question.documents
        ? { ...options.config, search: [LOCAL_SEARCH_ID], memory: false }
        : { ...options.config, memory: false };
      await manager.start({ question: question.question, options: researchOptions });
      record = await manager.waitForEnd(id);
    } finally {
      questionOfRun.delete(id);
    }
    if (record.status === 'interrupted' || record.status === 'queued' || record.status === 'running') return;
    const judge = options.judge
      ? await options.judge.grade({
          question: question.question,
          gold: question.answer,
          aliases: question.aliases,
          prediction: answerText(record.result?.answer ?? ''),
          signal,
        })
      : undefined;
    // A judge cut off by Ctrl-C has no grade to keep: the question runs again on --resume.
    if (stopped() && judge && judge.grade === undefined) return;
    const line = questionResult({ question, record, judge });
    await writer.append(line);
    results.push(line);
    options.onResult?.(line);
  };

  const worker = async () => {
    for (let question = queue.shift(); question && !stopped(); question = queue.shift()) {
      options.onStart?.(question);
      try {
        await runOne(question);
      } catch (error) {
        // The manager refuses new runs once it shuts down for Ctrl-C: that question is simply not run.
        if (stopped()) continue;
        failure ??= error;
        stop.abort(error);
      }
    }
  };
  let failure: unknown;
  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency, queue.length) }, worker));
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (failure !== undefined) throw failure;
  return { results, interrupted: stopped() && results.length < options.questions.length };
}
