import { describe, expect, it } from 'vitest';
import type { ResearchResult } from '../contract/index.js';
import { readPdf } from '../testing/document-text.js';
import { renderReport } from './render.js';
import { createRenderPool } from './render-pool.js';

function result(answer: string): ResearchResult {
  return {
    runId: 'r1',
    question: 'How tall is the tower?',
    status: 'completed',
    stopReason: 'evaluation_passed',
    answer,
    references: [
      { url: 'https://example.org/a', title: 'Tower facts', quote: 'It is 330 m tall.', verified: true },
    ],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null },
    llmCalls: 0,
    steps: 0,
    durationMs: 0,
    claims: { total: 1, supported: 1, unsupported: [] },
    words: 5,
  };
}

const report = (answer: string, format: 'pdf' | 'html' | 'docx') => ({
  format,
  question: 'How tall is the tower?',
  result: result(answer),
});

describe('createRenderPool', () => {
  it('renders in worker threads what rendering in this thread gives', async () => {
    const pool = createRenderPool({ workers: 2 });
    try {
      const answers = ['It is **330 m** tall [1].', 'It was built in 1889 [1].', 'It is painted [1].'];
      const html = await Promise.all(answers.map((answer) => pool.run(report(answer, 'html'))));
      expect(pool.mode).toBe('workers');
      for (const [index, answer] of answers.entries())
        expect(html[index]).toEqual(await renderReport(report(answer, 'html')));
      const pdf = await pool.run(report(answers[0]!, 'pdf'));
      expect(pdf.contentType).toBe('application/pdf');
      const here = await renderReport(report(answers[0]!, 'pdf'));
      expect((await readPdf(pdf.body as Uint8Array)).text).toBe(
        (await readPdf(here.body as Uint8Array)).text,
      );
    } finally {
      await pool.close();
    }
  }, 90_000);

  it('stops a render past its time limit with task_timeout, and renders the next in a new worker', async () => {
    // No PDF is rendered within a millisecond, the round trip to the worker included.
    const hasty = createRenderPool({ workers: 1, timeoutMs: 1 });
    try {
      await expect(hasty.run(report('It is tall [1].', 'pdf'))).rejects.toMatchObject({
        code: 'task_timeout',
      });
      await expect(hasty.run(report('It is tall [1].', 'pdf'))).rejects.toMatchObject({
        code: 'task_timeout',
      });
      expect(hasty.mode).toBe('workers');
    } finally {
      await hasty.close();
    }
  }, 90_000);

  it('renders in this thread when asked to, or when no worker can start', async () => {
    const here = createRenderPool({ workers: 0 });
    expect(here.mode).toBe('in-process');
    expect(String((await here.run(report('Here [1].', 'html'))).body)).toContain('Here');
    const broken = createRenderPool({
      workers: 1,
      workerUrl: new URL('./no-such-worker.js', import.meta.url),
    });
    expect(String((await broken.run(report('Fallback [1].', 'html'))).body)).toContain('Fallback');
    expect(broken.mode).toBe('in-process');
    await broken.close();
  }, 60_000);

  it('fails the renders under way and waiting with pool_closed when it closes', async () => {
    const pool = createRenderPool({ workers: 1 });
    const under = pool.run(report('One [1].', 'pdf'));
    const waiting = pool.run(report('Two [1].', 'pdf'));
    const failures = Promise.all([under, waiting].map((pending) => pending.catch((error: unknown) => error)));
    await pool.close();
    expect(await failures).toMatchObject([{ code: 'pool_closed' }, { code: 'pool_closed' }]);
    await expect(pool.run(report('Later [1].', 'pdf'))).rejects.toMatchObject({ code: 'pool_closed' });
  }, 60_000);
});
