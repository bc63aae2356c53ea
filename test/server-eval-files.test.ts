/**
 * Damaged and huge evaluation files under `serve --eval-dir`: a `results.jsonl` line without
 * `citations`, lines that are not JSON, an `eval.json` whose fields have the wrong types or that is a
 * FIFO, and a 170 MB `results.jsonl`. `/api/evals` answers 200 for every evaluation, leaves the bad
 * lines out and says so, and reads a bounded part of a huge file while `/health` keeps answering.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalDetail, EvalList } from '../src/contract/index.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';

/** A results line as `deepresearch eval` writes it. */
function resultLine(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    question: `Question ${id}?`,
    gold: 'Paris',
    aliases: [],
    types: ['bridge'],
    runId: `run-${id}`,
    status: 'completed',
    answer: 'Paris [1].',
    prediction: 'Paris',
    em: 1,
    f1: 1,
    precision: 1,
    recall: 1,
    citations: { references: 2, verified: 1 },
    usage: { inputTokens: 80, outputTokens: 20, totalTokens: 100, costUsd: 0.01 },
    llmCalls: 3,
    steps: 2,
    durationMs: 1000,
    finishedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'eval-files-'));
}, 60_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function folder(name: string, evalJson: string, lines: string): Promise<string> {
  const path = join(root, name);
  await mkdir(path, { recursive: true });
  await writeFile(join(path, 'eval.json'), evalJson);
  await writeFile(join(path, 'results.jsonl'), lines);
  return path;
}

describe('/api/evals over damaged evaluation files', () => {
  it('leaves out bad lines and says which, and every evaluation still answers', async () => {
    const good = `${JSON.stringify(resultLine('a'))}\n`;
    const { citations: _dropped, ...noCitations } = resultLine('b');
    await folder(
      'eval-damaged',
      JSON.stringify({
        dataset: 42,
        format: 'hotpotqa',
        questions: 'three',
        startedAt: '2026-02-01T00:00:00Z',
      }),
      `${good}${JSON.stringify(noCitations)}\nnot json at all\n${JSON.stringify(resultLine('c', { em: 'yes' }))}\n`,
    );
    await folder(
      'eval-fine',
      JSON.stringify({ dataset: 'set.json', questions: 1, startedAt: '2026-01-01T00:00:00Z' }),
      good,
    );
    const server = makeTestApp({ evalDirs: [root] });
    const list = await server.app.request('/api/evals');
    expect(list.status).toBe(200);
    const { evals } = (await list.json()) as EvalList;
    const damaged = evals.find((item) => item.name === 'eval-damaged');
    expect(damaged?.summary.finished).toBe(1);
    expect(damaged?.warnings?.join(' ')).toMatch(
      /3 lines of results\.jsonl left out \(line 2: "citations": .*; line 3: not JSON; line 4: "em": .*\)/,
    );
    expect(evals.find((item) => item.name === 'eval-fine')?.summary.finished).toBe(1);
    for (const item of evals) {
      const detail = await server.app.request(`/api/evals/${item.id}`);
      expect(detail.status, item.name).toBe(200);
    }
    const detail = (await (await server.app.request(`/api/evals/${damaged?.id}`)).json()) as EvalDetail;
    expect(detail.questions.map((question) => question.id)).toEqual(['a']);
  });

  it.skipIf(process.platform === 'win32')(
    'passes over a folder whose eval.json is a FIFO instead of hanging',
    async () => {
      const path = join(root, 'fifo', 'eval-fifo');
      await mkdir(path, { recursive: true });
      expect(spawnSync('mkfifo', [join(path, 'eval.json')]).status).toBe(0);
      await writeFile(join(path, 'results.jsonl'), `${JSON.stringify(resultLine('a'))}\n`);
      const server = makeTestApp({ evalDirs: [join(root, 'fifo')] });
      const response = await server.app.request('/api/evals');
      expect(response.status).toBe(200);
      expect(((await response.json()) as EvalList).evals).toEqual([]);
    },
  );

  it('reads a bounded part of a 170 MB results.jsonl while /health keeps answering', async () => {
    const path = join(root, 'huge', 'eval-huge');
    await mkdir(path, { recursive: true });
    await writeFile(join(path, 'eval.json'), JSON.stringify({ dataset: 'huge.json', questions: 100_000 }));
    const out = createWriteStream(join(path, 'results.jsonl'));
    const padding = 'x'.repeat(1_600);
    for (let index = 0; index < 100_000; index += 1) {
      const line = `${JSON.stringify(resultLine(`q${index}`, { answer: padding, durationMs: index }))}\n`;
      if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));

    const server = makeTestApp({ evalDirs: [join(root, 'huge')] });
    const http = await listen(server);
    try {
      let done = false;
      const healthTimes: number[] = [];
      const watcher = (async () => {
        while (!done) {
          const started = performance.now();
          await fetch(`${http.url}/health`);
          healthTimes.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const asked = performance.now();
      const response = await fetch(`${http.url}/api/evals`);
      const listMs = performance.now() - asked;
      done = true;
      await watcher;
      expect(response.status).toBe(200);
      const [item] = ((await response.json()) as EvalList).evals;
      expect(item?.summary.finished).toBeLessThanOrEqual(20_000);
      expect(item?.summary.finished).toBeGreaterThan(10_000);
      expect(item?.warnings?.join(' ')).toMatch(/results\.jsonl is longer than this server reads/);
      // The event loop turns between chunks: /health answers many times while the list is read.
      // Read in one go, the file blocked it for the whole read: one /health waited as long as the
      // list. Measured against the list's own time, so a busy machine slows both alike.
      expect(healthTimes.length).toBeGreaterThan(2);
      expect(Math.max(...healthTimes)).toBeLessThan(listMs / 2);
    } finally {
      await http.close();
    }
  }, 120_000);
});
