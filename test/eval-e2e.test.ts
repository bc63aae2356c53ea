import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { QuestionResult } from '../src/eval/index.js';
import { openSqliteStore } from '../src/store/index.js';
import { evalResearcher } from '../src/testing/eval-researcher.js';
import {
  type FakeChatRequest,
  type FakeLlmServer,
  startFakeLlmServer,
} from '../src/testing/fake-llm-server.js';
import { runCli } from './helpers/run-cli.js';

const dataset = fileURLToPath(new URL('./fixtures/eval/hotpotqa-10.json', import.meta.url));
const items = JSON.parse(readFileSync(dataset, 'utf8')) as { _id: string; question: string }[];
/**
 * What the scripted model answers to each question, the scores worked out by hand, and whether the
 * question's documents state that answer as written (`held`): the writer cites the finding that
 * does, and a run whose answer no source holds is not `completed`. A bare yes/no (`held` absent)
 * is left to the support check.
 */
const scripted: Record<string, { answer: string; em: number; f1: number; held?: boolean }> = {
  q01: { answer: 'Oster River', em: 1, f1: 1, held: true }, // gold "the Oster River": the article goes
  q02: { answer: 'Yes.', em: 1, f1: 1 },
  q03: { answer: 'yes', em: 0, f1: 0 }, // gold "no": yes/no never earns partial credit
  q04: { answer: 'zürich', em: 1, f1: 1, held: true }, // gold "Zürich"
  q05: { answer: '1200 metres', em: 1, f1: 1, held: true }, // gold "1,200 metres"
  q06: { answer: 'Anna Lena Brandt', em: 0, f1: 0.4, held: false }, // the page writes "Anna-Lena Brandt"
  q07: { answer: 'Margaret', em: 0, f1: 2 / 3, held: true },
  q08: { answer: 'in 1887', em: 0, f1: 2 / 3, held: true },
  q09: { answer: 'A grey heron', em: 1, f1: 1, held: true }, // gold "The Grey Heron"
  q10: { answer: 'Falcon Point', em: 0, f1: 0, held: false }, // the ship docked at Kestrel Bay
};
/** The status a run of each question ends with, when its answer's support decides it. */
const expectedStatus = (id: string) =>
  scripted[id]?.held === undefined ? undefined : scripted[id]?.held ? 'completed' : 'best_effort';
const answers = Object.fromEntries(items.map((item) => [item.question, scripted[item._id]?.answer ?? '']));
const directory = mkdtempSync(join(tmpdir(), 'deepresearch-eval-'));
const servers: FakeLlmServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  rmSync(directory, { recursive: true, force: true });
});

async function fakeModel(delayMs = 0): Promise<FakeLlmServer> {
  const script = evalResearcher({ answers });
  const server = await startFakeLlmServer({
    script: (request) => (delayMs > 0 ? { text: script(request), delayMs } : script(request)),
  });
  servers.push(server);
  return server;
}

const modelArgs = (server: FakeLlmServer) => ['--model', 'openai-compatible:fake', '--base-url', server.url];

function readLines(path: string): QuestionResult[] {
  const text = readFileSync(path, 'utf8');
  expect(text === '' || text.endsWith('\n')).toBe(true); // never a half line
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as QuestionResult);
}

/** The questions a fake model was asked to research (judge calls left out). */
function questionsAsked(server: FakeLlmServer): Set<string> {
  const asked = new Set<string>();
  for (const request of server.requests as FakeChatRequest[]) {
    for (const message of request.messages ?? []) {
      const text = typeof message.content === 'string' ? message.content : '';
      const question = /<question>\n([\s\S]*?)\n<\/question>/.exec(text)?.[1];
      if (question && !text.includes('<gold-target>')) asked.add(question.trim());
    }
  }
  return asked;
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('deepresearch eval over a 10-question HotpotQA-format set, offline', () => {
  const out = join(directory, 'first');
  const db = join(directory, 'runs.db');

  it('researches each question in its own documents, scores, judges, stores the runs and reports', async () => {
    const server = await fakeModel();
    const run = await runCli(
      [
        'eval',
        dataset,
        ...modelArgs(server),
        '--judge-model',
        'openai-compatible:fake',
        '--out',
        out,
        '--db',
        db,
        '--concurrency',
        '3',
      ],
      { timeoutMs: 120_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
    expect(run.stderr).toMatch(/\[10\/10\] /);

    const results = readLines(join(out, 'results.jsonl'));
    expect(results.map((result) => result.id).sort()).toEqual(Object.keys(scripted));
    for (const result of results) {
      const expected = scripted[result.id];
      if (expected?.held === false) {
        // No document holds that answer: the sentence stating it left the delivered answer, so the
        // prediction is what the sources do say, never the unverified answer.
        expect(result.prediction, result.id).not.toBe(expected.answer);
        expect(result.em, result.id).toBe(0);
      } else {
        expect(result.prediction, result.id).toBe(expected?.answer);
        expect(result.em, result.id).toBe(expected?.em);
        expect(result.f1, result.id).toBeCloseTo(expected?.f1 ?? -1, 10);
      }
      if (expectedStatus(result.id)) expect(result.status, result.id).toBe(expectedStatus(result.id));
      // The writer cites what the findings hold; every reference it keeps is verified.
      expect(result.citations.references).toBeGreaterThan(0);
      expect(result.citations.verified).toBe(result.citations.references);
      expect(result.usage.totalTokens).toBeGreaterThan(0);
    }
    const grades = Object.fromEntries(results.map((result) => [result.id, result.judge?.grade]));
    expect(grades).toMatchObject({ q01: 'correct', q03: 'incorrect', q07: 'incorrect', q08: 'correct' });

    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({
      questions: 10,
      finished: 10,
      em: 0.5,
      accuracyBy: 'judge',
    });
    // The summary counts the statuses of the lines: the answers the documents hold completed.
    const statuses: Record<string, number> = {};
    for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    expect(summary.status).toEqual(statuses);
    expect(statuses.completed).toBeGreaterThanOrEqual(6);
    expect(statuses.best_effort).toBeGreaterThanOrEqual(2);
    expect(summary.f1).toBeCloseTo(results.reduce((sum, result) => sum + result.f1, 0) / 10, 10);
    // q06 and q10 deliver what their sources say (their unverified answers left), which the judge grades correct.
    expect(summary.judge).toMatchObject({ graded: 10, correct: 0.8, incorrect: 0.2, notAttempted: 0 });
    expect(summary.byType).toEqual([
      { type: 'bridge', n: 7, accuracy: 6 / 7, em: 3 / 7, f1: expect.any(Number) },
      { type: 'comparison', n: 3, accuracy: 2 / 3, em: 2 / 3, f1: 2 / 3 },
    ]);
    const cited = results.reduce((sum, result) => sum + result.citations.references, 0);
    expect(summary.citations).toMatchObject({ references: cited, verified: cited, verifiedShare: 1 });
    expect(run.stdout).toContain('| exact match | 0.500 |');
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toBe(run.stdout);

    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).toContain('Accuracy by question type');
    expect(html).not.toMatch(/<script|<link|src="http|url\(http/); // self-contained

    // Each run is stored like a server run, researched only its own documents, and cited them.
    const store = openSqliteStore({ path: db });
    try {
      for (const result of results) {
        const record = await store.getRun(result.runId);
        expect(record?.status).toBe(result.status);
        expect(record?.result?.answer).toBe(result.answer);
        expect(record?.options.search).toEqual(['local-documents']);
        const events = await store.listEvents(result.runId);
        const start = events.find((event) => event.type === 'run-start');
        expect(start?.type === 'run-start' && start.options.search).toEqual(['local-documents']);
        const reads = events.flatMap((event) =>
          event.type === 'tool-call' && event.tool === 'read'
            ? [String((event.input as { url: string }).url)]
            : [],
        );
        expect(reads.length).toBeGreaterThan(0);
        for (const url of reads)
          expect(url).toMatch(new RegExp(`^https://documents\\.invalid/${result.id}/`));
        expect((await store.listSources(result.runId)).length).toBeGreaterThan(0);
      }
    } finally {
      await store.close();
    }
    expect(existsSync(join(out, 'documents', 'q01', 'Vellmar Observatory.md'))).toBe(true);
  }, 150_000);

  it('refuses to overwrite results without --resume', async () => {
    const server = await fakeModel();
    const run = await runCli(['eval', dataset, ...modelArgs(server), '--out', out, '--db', db], {
      timeoutMs: 60_000,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('already has results for 10 questions; pass --resume');
  }, 70_000);

  it('eval score prints { n, em, f1, … } averaged over every dataset question (missing = 0, _id accepted)', async () => {
    const lines = Object.entries(scripted)
      .filter(([id]) => id !== 'q07')
      .map(([id, value], index) =>
        JSON.stringify(index % 2 === 0 ? { id, answer: value.answer } : { _id: id, answer: value.answer }),
      );
    const predictions = join(directory, 'predictions.jsonl');
    writeFileSync(predictions, `${lines.join('\n')}\n${JSON.stringify({ id: 'not-in-set', answer: 'x' })}\n`);
    const run = await runCli(
      ['eval', 'score', '--dataset', dataset, '--predictions', predictions, '--json'],
      { timeoutMs: 60_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    const scores = JSON.parse(run.stdout);
    expect(Object.keys(scores).sort()).toEqual([
      'answered',
      'em',
      'f1',
      'missing',
      'n',
      'precision',
      'recall',
      'unmatched',
    ]);
    expect(scores).toMatchObject({ n: 10, em: 0.5, answered: 9, missing: 1, unmatched: 1 });
    expect(scores.f1).toBeCloseTo((1 + 1 + 0 + 1 + 1 + 0.4 + 0 + 2 / 3 + 1 + 0) / 10, 10);

    // The official script's own predictions file scores the same.
    const official = join(directory, 'official.json');
    const answersById = Object.fromEntries(
      Object.entries(scripted)
        .filter(([id]) => id !== 'q07')
        .map(([id, value]) => [id, value.answer]),
    );
    writeFileSync(official, JSON.stringify({ answer: answersById, sp: {} }));
    const again = await runCli(['eval', 'score', '--dataset', dataset, '--predictions', official, '--json'], {
      timeoutMs: 60_000,
    });
    expect(JSON.parse(again.stdout)).toMatchObject({ n: 10, em: scores.em, f1: scores.f1, unmatched: 0 });
  }, 70_000);

  it('eval compare puts two result folders side by side with a seeded paired bootstrap interval', async () => {
    const better = join(directory, 'better');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(better, { recursive: true });
    const improved = readLines(join(out, 'results.jsonl')).map((result) =>
      result.id === 'q03' || result.id === 'q10'
        ? { ...result, em: 1, f1: 1, judge: { model: 'm', grade: 'correct' as const } }
        : result,
    );
    writeFileSync(
      join(better, 'results.jsonl'),
      improved.map((result) => `${JSON.stringify(result)}\n`).join(''),
    );
    const compare = (args: string[]) =>
      runCli(['eval', 'compare', out, better, ...args], { timeoutMs: 60_000 });
    const [first, second, markdown] = await Promise.all([
      compare(['--json', '--seed', '3']),
      compare(['--json', '--seed', '3']),
      compare([]),
    ]);
    expect(first.code, first.stderr).toBe(0);
    const comparison = JSON.parse(first.stdout);
    expect(first.stdout).toBe(second.stdout); // seeded: the same interval every time
    expect(comparison).toMatchObject({
      paired: 10,
      onlyA: [],
      onlyB: [],
      a: { em: 0.5, accuracy: 0.8 },
      b: { em: 0.7, accuracy: 0.9 },
    });
    expect(comparison.differences.em.difference).toBeCloseTo(0.2, 10);
    expect(comparison.differences.em.low).toBeLessThanOrEqual(0.2);
    expect(comparison.differences.em.high).toBeGreaterThanOrEqual(0.2);
    expect(comparison.differences.em.low).toBeGreaterThanOrEqual(0);
    expect(comparison.questions).toHaveLength(10);
    expect(comparison.questions.find((question: { id: string }) => question.id === 'q03')).toMatchObject({
      a: { correct: false },
      b: { correct: true },
    });
    expect(markdown.stdout).toMatch(/\| exact match \| 0\.500 \| 0\.700 \| \+0\.200 \| .+ to .+ \|/);
    expect(markdown.stdout).toContain('### Per question');
  }, 70_000);
});

describe('deepresearch eval after an interruption', () => {
  it('--resume after a kill finishes only the questions without a result', async () => {
    const out = join(directory, 'killed');
    const db = join(directory, 'killed.db');
    const slow = await fakeModel(120);
    let child: ChildProcess | undefined;
    const running = runCli(
      ['eval', dataset, ...modelArgs(slow), '--out', out, '--db', db, '--concurrency', '1'],
      {
        timeoutMs: 120_000,
        onSpawn: (spawned) => {
          child = spawned;
        },
      },
    );
    const results = join(out, 'results.jsonl');
    const count = () =>
      existsSync(results) ? readFileSync(results, 'utf8').split('\n').filter(Boolean).length : 0;
    await waitFor(() => count() >= 3, 90_000);
    child?.kill('SIGKILL');
    const killed = await running;
    expect(killed.signal).toBe('SIGKILL');
    const before = readLines(results);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThan(10);

    const fresh = await fakeModel();
    const resumed = await runCli(
      ['eval', dataset, ...modelArgs(fresh), '--out', out, '--db', db, '--resume', '--concurrency', '2'],
      {
        timeoutMs: 120_000,
      },
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = readLines(results);
    expect(after.slice(0, before.length)).toEqual(before); // finished lines kept as they were
    expect(after.map((result) => result.id).sort()).toEqual(Object.keys(scripted));
    const finishedBefore = new Set(before.map((result) => result.id));
    const missing = items.filter((item) => !finishedBefore.has(item._id)).map((item) => item.question);
    expect(questionsAsked(fresh)).toEqual(new Set(missing));
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'))).toMatchObject({
      finished: 10,
      em: 0.5,
    });
  }, 240_000);

  it('Ctrl-C stops cleanly: exit 130, every finished line kept, reports written over them', async () => {
    const out = join(directory, 'interrupted');
    const slow = await fakeModel(120);
    let child: ChildProcess | undefined;
    const running = runCli(
      [
        'eval',
        dataset,
        ...modelArgs(slow),
        '--out',
        out,
        '--db',
        join(directory, 'interrupted.db'),
        '--concurrency',
        '1',
      ],
      {
        timeoutMs: 120_000,
        onSpawn: (spawned) => {
          child = spawned;
        },
      },
    );
    const results = join(out, 'results.jsonl');
    await waitFor(
      () => existsSync(results) && readFileSync(results, 'utf8').split('\n').filter(Boolean).length >= 2,
      90_000,
    );
    child?.kill('SIGINT');
    const run = await running;
    expect(run.code, run.stderr).toBe(130);
    const kept = readLines(results);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ questions: 10, finished: kept.length });
    expect(kept.length).toBeLessThan(10);
    expect(run.stderr).toContain('--resume');
  }, 150_000);
});

describe('deepresearch eval with a malformed dataset', () => {
  it('fails before any run with a message naming the file, line and field', async () => {
    const bad = join(directory, 'bad.jsonl');
    writeFileSync(bad, '{"question": "a?", "answer": "b"}\n{"question": "c?", "answers": ["d"]}\n');
    const run = await runCli(
      ['eval', bad, '--model', 'openai-compatible:fake', '--base-url', 'http://127.0.0.1:9/v1'],
      { timeoutMs: 60_000 },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(`^deepresearch: ${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}, line 2, field "answer": `),
    );
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
  }, 70_000);
});
