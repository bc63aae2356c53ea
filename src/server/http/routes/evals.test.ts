import { appendFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvalDetail, EvalList } from '../../../contract/index.js';
import { makeTestApp } from '../../../testing/server-test-app.js';

/** A results line as `deepresearch eval` writes it. */
function line(id: string, options: { em: number; type: string; cost: number | null; grade?: string }) {
  return `${JSON.stringify({
    id,
    question: `Question ${id}?`,
    gold: 'Paris',
    aliases: [],
    types: [options.type],
    runId: `run-${id}`,
    status: options.em ? 'completed' : 'best_effort',
    stopReason: 'evaluation_passed',
    answer: options.em ? 'Paris [1].' : 'Lyon [1].',
    prediction: options.em ? 'Paris' : 'Lyon',
    em: options.em,
    f1: options.em ? 1 : 0.5,
    precision: 1,
    recall: 1,
    ...(options.grade ? { judge: { model: 'openai:judge', grade: options.grade } } : {}),
    citations: { references: 2, verified: 1 },
    usage: { inputTokens: 80, outputTokens: 20, totalTokens: 100, costUsd: options.cost },
    llmCalls: 3,
    steps: 2,
    durationMs: 1000,
    finishedAt: '2026-01-01T00:00:00.000Z',
  })}\n`;
}

async function evalFolder(root: string, name: string, startedAt: string, lines: string[]) {
  const folder = join(root, name);
  await mkdir(folder, { recursive: true });
  await writeFile(
    join(folder, 'eval.json'),
    JSON.stringify({
      dataset: '/data/hotpot_dev.json',
      format: 'hotpotqa',
      questions: 3,
      options: { model: 'openai:gpt-4o-mini', apiKey: undefined },
      startedAt,
    }),
  );
  await writeFile(join(folder, 'results.jsonl'), lines.join(''));
  return folder;
}

describe('GET /api/evals', () => {
  it("lists the eval folders with summaries from their results, newest first, and one eval's questions", async () => {
    const root = await mkdtemp(join(tmpdir(), 'dr-evals-'));
    await evalFolder(root, 'eval-old', '2026-01-01T00:00:00.000Z', [
      line('a', { em: 1, type: 'bridge', cost: 0.01 }),
    ]);
    const running = await evalFolder(root, 'eval-new', '2026-02-01T00:00:00.000Z', [
      line('a', { em: 1, type: 'bridge', cost: 0.01 }),
      line('b', { em: 0, type: 'comparison', cost: null }),
    ]);
    // An evaluation still writing: its half-written last line is left out, and the file is untouched.
    await appendFile(join(running, 'results.jsonl'), '{"id":"c","quest');
    await mkdir(join(root, 'not-an-eval'));
    const server = makeTestApp({ evalDirs: [root, join(root, 'missing')] });

    const list = (await (await server.app.request('/api/evals')).json()) as EvalList;
    expect(list.evals.map((item) => item.name)).toEqual(['eval-new', 'eval-old']);
    expect(list.evals[0]).toMatchObject({
      model: 'openai:gpt-4o-mini',
      summary: {
        dataset: 'hotpot_dev.json',
        questions: 3,
        finished: 2,
        accuracy: 0.5,
        em: 0.5,
        f1: 0.75,
        costUsd: { total: null },
        status: { completed: 1, best_effort: 1 },
      },
    });

    const detail = (await (await server.app.request(`/api/evals/${list.evals[0]?.id}`)).json()) as EvalDetail;
    expect(detail.questions).toEqual([
      expect.objectContaining({ id: 'a', runId: 'run-a', correct: true, costUsd: 0.01, verified: 1 }),
      expect.objectContaining({ id: 'b', runId: 'run-b', correct: false, costUsd: null, prediction: 'Lyon' }),
    ]);
    expect(await (await import('node:fs/promises')).readFile(join(running, 'results.jsonl'), 'utf8')).toMatch(
      /"quest$/,
    );
    const missing = await server.app.request('/api/evals/0123456789ab');
    expect(missing.status).toBe(404);
  });

  it('shows eval runs to admin tokens only (they belong to nobody)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dr-evals-'));
    const folder = await evalFolder(root, 'eval-x', '2026-01-01T00:00:00.000Z', [
      line('a', { em: 1, type: 'bridge', cost: 0.01, grade: 'correct' }),
    ]);
    const server = makeTestApp({ evalDirs: [folder], authTokens: ['user'], adminTokens: ['admin'] });
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    expect((await server.app.request('/api/evals')).status).toBe(401);
    expect(await (await server.app.request('/api/evals', as('user'))).json()).toEqual({ evals: [] });
    const admin = (await (await server.app.request('/api/evals', as('admin'))).json()) as EvalList;
    expect(admin.evals).toHaveLength(1);
    expect(admin.evals[0]?.summary).toMatchObject({ accuracyBy: 'judge', accuracy: 1 });
    const id = admin.evals[0]?.id;
    expect((await server.app.request(`/api/evals/${id}`, as('user'))).status).toBe(404);
    expect((await server.app.request(`/api/evals/${id}`, as('admin'))).status).toBe(200);
  });
});
