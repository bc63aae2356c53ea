import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchResult } from '../src/contract/index.js';
import { openSqliteStore } from '../src/store/index.js';
import { docxText, readPdf } from '../src/testing/document-text.js';
import { startServe, stopServe } from './helpers/serve.js';

/** Admin tokens see every run: each is one client with its own export limit. */
const TOKENS = ['export-token-1', 'export-token-2', 'export-token-3', 'export-token-4', 'export-token-5'];

/**
 * A report that takes seconds to lay out: a 150 × 40 table (what a writer asked for "a table of…"
 * produces) and sixty paragraphs; `n` makes each one a different report.
 */
function heavyAnswer(n: number): string {
  const columns = 40;
  const header = `| ${Array.from({ length: columns }, (_, column) => `Figure ${column + 1}`).join(' | ')} |`;
  const rule = `|${' --- |'.repeat(columns)}`;
  const rows = Array.from(
    { length: 150 },
    (_, row) => `| ${Array.from({ length: columns }, (_, column) => `${n}.${row}.${column}`).join(' | ')} |`,
  );
  const prose = Array.from(
    { length: 60 },
    (_, paragraph) =>
      `Paragraph ${paragraph} of report ${n}: the tower is 330 metres tall [1], was completed in 1889 [1] and is repainted every seven years [1].`,
  );
  return [`A table of figures [1].`, [header, rule, ...rows].join('\n'), ...prose].join('\n\n');
}

const STARS = `${'*'.repeat(20_000)}deep text${'*'.repeat(20_000)}`;

function result(id: string, answer: string): ResearchResult {
  return {
    runId: id,
    question: `Question of ${id}`,
    status: 'completed',
    stopReason: 'evaluation_passed',
    answer,
    references: [
      { url: 'https://example.org/tower', title: 'Tower facts', quote: 'It is 330 m tall.', verified: true },
    ],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null },
    llmCalls: 1,
    steps: 1,
    durationMs: 1,
    claims: { total: 1, supported: 1, unsupported: [] },
    words: 10,
  };
}

/** Finished runs as the run service stores them: `tiny`, `stars`, `heavy-0` … `heavy-11`. */
const ANSWERS: Record<string, string> = {
  tiny: 'The tower is 330 m tall [1].',
  stars: STARS,
  ...Object.fromEntries(Array.from({ length: 12 }, (_, n) => [`heavy-${n}`, heavyAnswer(n)])),
};

let directory = '';
let url = '';
let child: ChildProcess | undefined;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'dr-exports-'));
  const db = join(directory, 'runs.db');
  const store = openSqliteStore({ path: db });
  const at = new Date().toISOString();
  for (const [id, answer] of Object.entries(ANSWERS)) {
    await store.createRun({
      id,
      question: `Question of ${id}`,
      options: {},
      createdAt: at,
      status: 'running',
    });
    await store.updateRun(id, {
      status: 'completed',
      startedAt: at,
      endedAt: at,
      result: result(id, answer),
    });
  }
  await store.close();
  // No run starts here: the model is named only because serve checks it at start.
  const model = ['--model', 'openai-compatible:none', '--base-url', 'http://127.0.0.1:9/v1'];
  const admins = TOKENS.flatMap((token) => ['--admin-token', token]);
  const started = await startServe(['--db', db, ...model, ...admins]);
  child = started.child;
  url = started.url;
}, 90_000);

afterAll(async () => {
  await stopServe(child);
  if (directory) await rm(directory, { recursive: true, force: true });
});

/** A client's export of run `id`: `as` is the format and the client's token. */
const exportOf = (id: string, as: { format: string; token: string }) =>
  fetch(`${url}/api/runs/${id}/report?format=${as.format}`, {
    headers: { authorization: `Bearer ${as.token}` },
  });
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe('GET /api/runs/:id/report as PDF and DOCX under load', () => {
  let heavyPdf: Uint8Array | undefined;

  it('answers /health while a long PDF renders', async () => {
    // The first export loads the PDF writer and the fonts.
    expect((await exportOf('tiny', { format: 'pdf', token: TOKENS[0]! })).status).toBe(200);
    const order: string[] = [];
    const exporting = exportOf('heavy-0', { format: 'pdf', token: TOKENS[0]! }).then((response) => {
      order.push('export');
      return response;
    });
    // By now the server is laying out the report, seconds of work; the health check is sent while it does.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await fetch(`${url}/health`);
    order.push('health');
    const response = await exporting;
    expect(health.status).toBe(200);
    expect(response.status).toBe(200);
    expect(order).toEqual(['health', 'export']);
    heavyPdf = await bytesOf(response);
    expect((await readPdf(heavyPdf)).text).toContain('0.149.39');
  }, 180_000);

  it('sends a finished export again byte for byte, to any client (a new render would differ)', async () => {
    const again = await exportOf('heavy-0', { format: 'pdf', token: TOKENS[1]! });
    expect(again.status).toBe(200);
    expect(Buffer.from(await bytesOf(again)).equals(Buffer.from(heavyPdf!))).toBe(true);
    const first = await bytesOf(await exportOf('tiny', { format: 'docx', token: TOKENS[0]! }));
    const second = await bytesOf(await exportOf('tiny', { format: 'docx', token: TOKENS[2]! }));
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  }, 180_000);

  it('refuses a token past 2 renders at once with 429 and Retry-After; another token still exports', async () => {
    const mine = ['heavy-1', 'heavy-2', 'heavy-3', 'heavy-4'].map((id) =>
      exportOf(id, { format: 'pdf', token: TOKENS[1]! }),
    );
    const other = exportOf('heavy-5', { format: 'pdf', token: TOKENS[2]! });
    const responses = await Promise.all(mine);
    const refused = responses.filter((response) => response.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(responses.filter((response) => response.status === 200).length).toBeGreaterThanOrEqual(2);
    for (const response of refused) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('rate_limited');
      expect(body.error.message).toMatch(
        /you have 2 reports rendering \(at most 2 at once\); try again in \d+ s/,
      );
    }
    expect((await other).status).toBe(200);
  }, 240_000);

  it('refuses exports past 8 renders over the server with 429 and Retry-After', async () => {
    const ids = ['heavy-6', 'heavy-7', 'heavy-8', 'heavy-9', 'heavy-10'];
    const requests = ids.flatMap((id, index) =>
      ['pdf', 'docx'].map((format) => exportOf(id, { format, token: TOKENS[index]! })),
    );
    const responses = await Promise.all(requests);
    const refused = responses.filter((response) => response.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const response of refused) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(/the server is rendering 8 reports \(at most 8 at once\)/);
    }
    const made = responses.filter((response) => response.status === 200);
    expect(made.length).toBeGreaterThanOrEqual(8);
  }, 240_000);

  it('exports an answer of 20,000 `*` on each side (200, not 500), the text inside kept', async () => {
    const pdf = await exportOf('stars', { format: 'pdf', token: TOKENS[3]! });
    expect(pdf.status).toBe(200);
    expect((await readPdf(await bytesOf(pdf))).text).toContain('deep text');
    const docx = await exportOf('stars', { format: 'docx', token: TOKENS[3]! });
    expect(docx.status).toBe(200);
    expect(docxText(await bytesOf(docx))).toContain('deep text');
    const html = await exportOf('stars', { format: 'html', token: TOKENS[4]! });
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('deep text');
  }, 120_000);
});
