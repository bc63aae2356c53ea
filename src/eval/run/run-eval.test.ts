import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../../config/schemas.js';
import type { ResearchResult } from '../../contract/index.js';
import { research } from '../../research/index.js';
import { type Runner, silentLogger } from '../../runs/index.js';
import { createMemoryStore } from '../../store/index.js';
import { createScriptedModel } from '../../testing/index.js';
import type { Judge } from '../scoring/judge.js';
import type { EvalQuestion } from '../types.js';
import { readResults } from './results-file.js';
import { runEvaluation } from './run-eval.js';

const questions: EvalQuestion[] = ['Paris', 'Rome', 'Oslo', 'Bern', 'Lima'].map((answer, index) => ({
  id: `c${index}`,
  question: `What is capital number ${index}?`,
  answer,
  aliases: [],
  types: ['capital'],
  documents: [{ title: `City ${index}`, text: `Capital number ${index} is ${answer}.` }],
}));

function resultFor(question: string, answer: string): ResearchResult {
  return {
    runId: 'r',
    question,
    status: 'completed',
    stopReason: 'evaluation_passed',
    answer,
    references: [{ url: 'https://documents.invalid/x/a.md', title: 'a', quote: 'q', verified: true }],
    usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15, costUsd: 0.001 },
    llmCalls: 2,
    steps: 1,
    durationMs: 5,
    claims: { total: 0, supported: 0, unsupported: [] },
    words: 1,
  };
}

/**
 * A runner answering from a table, recording how many runs were in flight at once. Runs hold until
 * a second is in flight with them (after `delayOf`), so runs that may overlap do on a slow machine
 * too; a run left alone (an evaluation that runs one at a time) stops waiting after 5 s.
 */
function tableRunner(
  answers: Record<string, string | Error>,
  delayOf: (question: string) => number = () => 5,
) {
  const state = { inFlight: 0, most: 0, runtimes: [] as Parameters<Runner>[1][] };
  let pair = () => {};
  const paired = new Promise<void>((resolve) => {
    pair = resolve;
  });
  const runner: Runner = async (options, runtime) => {
    state.inFlight += 1;
    state.most = Math.max(state.most, state.inFlight);
    if (state.most >= 2) pair();
    state.runtimes.push(runtime);
    try {
      await new Promise<void>((resolve, reject) => {
        let alone: ReturnType<typeof setTimeout> | undefined;
        const timer = setTimeout(() => {
          alone = setTimeout(resolve, 5_000);
          void paired.then(() => {
            clearTimeout(alone);
            resolve();
          });
        }, delayOf(options.question));
        runtime.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          clearTimeout(alone);
          reject(new Error('aborted'));
        });
      });
      const answer = answers[options.question];
      if (answer instanceof Error) throw answer;
      return resultFor(options.question, answer ?? '');
    } finally {
      state.inFlight -= 1;
    }
  };
  return { runner, state };
}

const config = parseResearchConfig({ model: 'openai:fake' });
const newFolder = () => mkdtempSync(join(tmpdir(), 'eval-run-'));

describe('runEvaluation', () => {
  it('runs at most `concurrency` at once, stores each run, scores and judges it, and appends a line each', async () => {
    const outDir = newFolder();
    const store = createMemoryStore();
    const answers = Object.fromEntries(
      questions.map((question, index) => [
        question.question,
        index === 1 ? 'Milan [1]' : `${question.answer} [1]`,
      ]),
    );
    const { runner, state } = tableRunner(answers);
    const graded: string[] = [];
    const judge: Judge = {
      model: 'judge:model',
      async grade(input) {
        graded.push(input.prediction);
        return { model: 'judge:model', grade: input.prediction === input.gold ? 'correct' : 'incorrect' };
      },
    };
    const pass = await runEvaluation({
      questions,
      config,
      outDir,
      store,
      concurrency: 2,
      runner,
      judge,
      logger: silentLogger,
    });
    expect(pass.interrupted).toBe(false);
    expect(state.most).toBe(2);
    expect(graded.sort()).toEqual(['Bern', 'Lima', 'Milan', 'Oslo', 'Paris']);
    const lines = await readResults(join(outDir, 'results.jsonl'));
    expect(lines.map((line) => [line.id, line.em, line.judge?.grade]).sort()).toEqual([
      ['c0', 1, 'correct'],
      ['c1', 0, 'incorrect'],
      ['c2', 1, 'correct'],
      ['c3', 1, 'correct'],
      ['c4', 1, 'correct'],
    ]);
    for (const line of lines) {
      const record = await store.getRun(line.runId);
      expect(record).toMatchObject({ status: 'completed', question: line.question });
    }
    // Every run got its own question's documents through the runtime, never the web.
    expect(state.runtimes.every((runtime) => runtime.searchProviders?.[0]?.id === 'local-documents')).toBe(
      true,
    );
  });

  it('writes a failed line (score 0, the error) when the engine throws for a question, and goes on', async () => {
    const outDir = newFolder();
    const answers: Record<string, string | Error> = Object.fromEntries(
      questions.map((question) => [question.question, question.answer]),
    );
    answers[questions[2]?.question ?? ''] = new Error('engine bug');
    const { runner } = tableRunner(answers);
    await runEvaluation({
      questions,
      config,
      outDir,
      store: createMemoryStore(),
      concurrency: 3,
      runner,
      logger: silentLogger,
    });
    const lines = await readResults(join(outDir, 'results.jsonl'));
    expect(lines).toHaveLength(5);
    expect(lines.find((line) => line.id === 'c2')).toMatchObject({
      status: 'failed',
      em: 0,
      f1: 0,
      error: { message: 'engine bug' },
    });
  });

  it('keeps running the real engine when the model only returns garbage: the line says best effort or failed', async () => {
    const outDir = newFolder();
    const model = createScriptedModel('this is not json {{{');
    await runEvaluation({
      questions: questions.slice(0, 1),
      config: parseResearchConfig({ model: 'openai:fake', maxSteps: 3, maxConsecutiveFailures: 2 }),
      outDir,
      store: createMemoryStore(),
      concurrency: 1,
      runner: research,
      capabilities: { languageModels: { 'openai:fake': model } },
      logger: silentLogger,
    });
    const [line] = await readResults(join(outDir, 'results.jsonl'));
    expect(['best_effort', 'failed']).toContain(line?.status);
    expect(line?.em).toBe(0);
    expect(line?.usage.totalTokens).toBeGreaterThan(0);
  });

  it('stops on the signal: no new question starts, the cut-off run is stored interrupted and not written', async () => {
    const outDir = newFolder();
    const store = createMemoryStore();
    const answers = Object.fromEntries(questions.map((question) => [question.question, question.answer]));
    const { runner } = tableRunner(answers, (question) => (question === questions[0]?.question ? 5 : 2000));
    const controller = new AbortController();
    const pass = await runEvaluation({
      questions,
      config,
      outDir,
      store,
      concurrency: 2,
      runner,
      logger: silentLogger,
      signal: controller.signal,
      onResult: () => controller.abort(),
    });
    expect(pass.interrupted).toBe(true);
    expect(pass.results).toHaveLength(1);
    expect(await readResults(join(outDir, 'results.jsonl'))).toHaveLength(1);
    const { runs } = await store.listRuns({ limit: 10 });
    expect(runs.map((run) => run.status).sort()).toEqual(['completed', 'interrupted']);
  });
});

describe('readResults', () => {
  it('cuts a half-written last line off the file and keeps the whole ones', async () => {
    const path = join(newFolder(), 'results.jsonl');
    writeFileSync(path, '{"id":"a"}\n{"id":"b"}\n{"id":"c","que');
    expect((await readResults(path)).map((line) => line.id)).toEqual(['a', 'b']);
    expect(readFileSync(path, 'utf8')).toBe('{"id":"a"}\n{"id":"b"}\n');
  });

  it('refuses a broken line in the middle, naming it', async () => {
    const path = join(newFolder(), 'results.jsonl');
    writeFileSync(path, '{"id":"a"}\nnot json\n{"id":"c"}\n');
    await expect(readResults(path)).rejects.toThrow(/results\.jsonl, line 2: not a results line/);
  });
});
