import { describe, expect, it } from 'vitest';
import type { ReportFormat, ResearchResult } from '../contract/index.js';
import type { RenderedReport, RenderReportOptions } from './render.js';
import { createReportExporter } from './report-exporter.js';

function result(answer: string): ResearchResult {
  return {
    runId: 'r1',
    question: 'Q',
    status: 'completed',
    stopReason: 'evaluation_passed',
    answer,
    references: [],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null },
    llmCalls: 0,
    steps: 0,
    durationMs: 0,
    claims: { total: 0, supported: 0, unsupported: [] },
    words: 0,
  };
}

/**
 * A renderer the test finishes by hand: each call waits until `finish()` (or `fail()`), and its
 * bytes say which report and which call made them, so a report sent from the cache is told apart
 * from one rendered again.
 */
function heldRenderer() {
  const calls: { options: RenderReportOptions; finish: () => void; fail: (error: Error) => void }[] = [];
  const render = (options: RenderReportOptions) =>
    new Promise<RenderedReport>((resolve, reject) => {
      const number = calls.length + 1;
      calls.push({
        options,
        finish: () =>
          resolve({
            body: new TextEncoder().encode(`${options.format}:${options.result.answer}:call ${number}`),
            contentType: 'application/pdf',
            extension: '.pdf',
          }),
        fail: reject,
      });
    });
  return { calls, render };
}

/** A client's PDF export of a report whose answer is `answer`. */
const request = (client: string, answer: string) => ({
  client,
  format: 'pdf' as ReportFormat,
  question: 'Q',
  result: result(answer),
});
const text = (report: RenderedReport) =>
  typeof report.body === 'string' ? report.body : new TextDecoder().decode(report.body);

describe('createReportExporter', () => {
  it('refuses a client past its renders under way with export_busy and a wait, and lets others in', async () => {
    const renderer = heldRenderer();
    const exporter = createReportExporter({ render: renderer.render, maxPerClient: 2, maxTotal: 8 });
    const first = exporter.export(request('token:a', 'one'));
    const second = exporter.export(request('token:a', 'two'));
    await expect(exporter.export(request('token:a', 'three'))).rejects.toMatchObject({
      code: 'export_busy',
      scope: 'client',
      retryAfterSeconds: expect.any(Number),
      message: expect.stringContaining('at most 2 at once'),
    });
    // Another token is not held up by the first one's renders.
    const other = exporter.export(request('token:b', 'four'));
    for (const call of renderer.calls) call.finish();
    expect((await Promise.all([first, second, other])).map(text)).toEqual([
      'pdf:one:call 1',
      'pdf:two:call 2',
      'pdf:four:call 3',
    ]);
    // Its renders done, the first token may export again.
    const again = exporter.export(request('token:a', 'three'));
    renderer.calls[3]?.finish();
    expect(text(await again)).toBe('pdf:three:call 4');
  });

  it('refuses anyone past the renders of the whole server', async () => {
    const renderer = heldRenderer();
    const exporter = createReportExporter({ render: renderer.render, maxPerClient: 2, maxTotal: 3 });
    const held = ['a', 'b', 'c'].map((client) => exporter.export(request(`token:${client}`, client)));
    const refused = await exporter.export(request('token:d', 'd')).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'export_busy', scope: 'server' });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    for (const call of renderer.calls) call.finish();
    await Promise.all(held);
  });

  it('sends a finished report again from memory, byte for byte, and renders one asked twice at once once', async () => {
    const renderer = heldRenderer();
    const exporter = createReportExporter({ render: renderer.render, maxPerClient: 1 });
    const first = exporter.export(request('token:a', 'same'));
    // The same report for another client, and for the same one past its limit: no second render.
    const joined = exporter.export(request('token:b', 'same'));
    const mineAgain = exporter.export(request('token:a', 'same'));
    renderer.calls[0]?.finish();
    const bytes = await Promise.all([first, joined, mineAgain]);
    expect(bytes.map(text)).toEqual(['pdf:same:call 1', 'pdf:same:call 1', 'pdf:same:call 1']);
    expect(text(await exporter.export(request('token:c', 'same')))).toBe('pdf:same:call 1');
    expect(renderer.calls).toHaveLength(1);
    // Another format, or a changed result, is another report.
    const docx = exporter.export({ ...request('token:c', 'same'), format: 'docx' as const });
    const changed = exporter.export(request('token:d', 'changed'));
    expect(renderer.calls).toHaveLength(3);
    for (const call of renderer.calls.slice(1)) call.finish();
    await Promise.all([docx, changed]);
  });

  it('keeps nothing with a cache of 0 bytes, and drops the least recently sent past its size', async () => {
    const uncached = heldRenderer();
    const none = createReportExporter({ render: uncached.render, cacheBytes: 0 });
    for (const round of [1, 2]) {
      const pending = none.export(request('token:a', 'x'));
      uncached.calls[round - 1]?.finish();
      expect(text(await pending)).toBe(`pdf:x:call ${round}`);
    }
    const renderer = heldRenderer();
    // Each report is 12 bytes ("pdf:a:call 1"); the cache holds 100, eight of them.
    const small = createReportExporter({ render: renderer.render, cacheBytes: 100 });
    const exportNow = async (answer: string) => {
      const pending = small.export(request('token:a', answer));
      renderer.calls.at(-1)?.finish();
      return text(await pending);
    };
    for (const answer of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) await exportNow(answer);
    // 'a' was dropped for 'i'; the others are still there.
    expect(await exportNow('b')).toBe('pdf:b:call 2');
    expect(await exportNow('a')).toBe('pdf:a:call 10');
  });

  it('fails a render that throws with export_failed, frees its place and keeps nothing', async () => {
    const renderer = heldRenderer();
    const exporter = createReportExporter({ render: renderer.render, maxPerClient: 1 });
    const failing = exporter.export(request('token:a', 'x'));
    renderer.calls[0]?.fail(new Error('Maximum call stack size exceeded'));
    await expect(failing).rejects.toMatchObject({
      code: 'export_failed',
      message: expect.stringContaining('Maximum call stack size exceeded'),
    });
    const retried = exporter.export(request('token:a', 'x'));
    renderer.calls[1]?.finish();
    expect(text(await retried)).toBe('pdf:x:call 2');
  });

  it('makes markdown in this thread, outside the limits', async () => {
    const renderer = heldRenderer();
    const exporter = createReportExporter({ render: renderer.render, maxPerClient: 1, maxTotal: 1 });
    const held = exporter.export(request('token:a', 'held'));
    const markdown = await exporter.export({
      ...request('token:a', 'It is tall.'),
      format: 'markdown' as const,
    });
    expect(text(markdown)).toContain('It is tall.');
    expect(renderer.calls).toHaveLength(1);
    renderer.calls[0]?.finish();
    await held;
  });
});
