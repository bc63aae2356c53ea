import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../store/index.js';
import { docxText, readPdf } from '../../../testing/document-text.js';
import { FAKE_EVALUATION } from '../../../testing/fake-runner.js';
import { makeTestApp, TEST_API_KEY } from '../../../testing/server-test-app.js';

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function startRun(
  server: ReturnType<typeof makeTestApp>,
  body: unknown = { question: 'Why is the sky blue?' },
) {
  const response = await server.app.request('/api/runs', json(body));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; status: string };
}

describe('sessions API', () => {
  it('starts a run in the background and shows its result, usage and metrics when done', async () => {
    const server = makeTestApp();
    const created = await startRun(server, {
      question: 'Why is the sky blue?',
      options: { tokenBudget: 5000 },
    });
    expect(created.status).toBe('queued');
    await server.runs.waitForEnd(created.id);
    const detail = await (await server.app.request(`/api/runs/${created.id}`)).json();
    expect(detail).toMatchObject({
      id: created.id,
      question: 'Why is the sky blue?',
      status: 'completed',
      options: { tokenBudget: 5000, model: 'openai:gpt-4o-mini' },
      result: { answer: 'The answer [1].', stopReason: 'evaluation_passed' },
      usage: { totalTokens: 200 },
      metrics: { steps: 2, tools: { search: { calls: 2, succeeded: 2 } } },
    });
    expect(detail.startedAt).toBeTruthy();
    expect(detail.endedAt).toBeTruthy();
    expect(JSON.stringify(detail)).not.toContain(TEST_API_KEY);
    expect(detail.options.apiKey).toBeUndefined();
  });

  it.each([
    [{}, 'question'],
    [{ question: '   ' }, 'question'],
    [{ question: 'q', extra: 1 }, 'extra'],
    [{ question: 'q', options: { tokenBudget: -5 } }, 'options.tokenBudget'],
    [{ question: 'q', options: { nonsense: true } }, 'options.nonsense'],
    [{ question: 'q', options: { apiKey: 'sk-mine' } }, 'options.apiKey'],
    [{ question: 'q', options: { baseURL: 'http://10.0.0.1' } }, 'options.baseURL'],
    [{ question: 'q', options: { allowHosts: ['127.0.0.1:22'] } }, 'options.allowHosts'],
    [{ question: 'q', options: 'fast' }, 'options'],
  ])('rejects %j with a 400 naming %s', async (body, field) => {
    const server = makeTestApp();
    const response = await server.app.request('/api/runs', json(body));
    expect(response.status).toBe(400);
    const error = (await response.json()).error;
    expect(error).toMatchObject({ code: 'invalid_request', field });
    expect(error.message).toContain(field.split('.').at(-1));
  });

  it('rejects a body that is not JSON, and a model outside the allow-list', async () => {
    const server = makeTestApp({ allowedModels: ['openai:gpt-4o'] });
    const broken = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(broken.status).toBe(400);
    const model = await server.app.request(
      '/api/runs',
      json({ question: 'q', options: { model: 'anthropic:claude' } }),
    );
    expect(model.status).toBe(400);
    expect((await model.json()).error.field).toBe('options.model');
    await startRun(server, { question: 'q', options: { model: 'openai:gpt-4o' } });
  });

  it('refuses, with a 400 naming the option, a run whose model or search provider cannot start', async () => {
    const { checkResearchSetup } = await import('../../../research/index.js');
    const server = makeTestApp({
      allowedModels: ['anthropic:*', 'mistral:large'],
      checkSetup: (config) => checkResearchSetup(config, { env: { OPENAI_API_KEY: 'sk-x' } }),
    });
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [
        { model: 'mistral:large' },
        'options.model',
        /^Invalid value for "options.model": must be a model of a known provider \(openai, .*\), got "mistral:large"\.$/,
      ],
      [
        { evaluatorModel: 'anthropic:claude-sonnet-4-5' },
        'options.evaluatorModel',
        /^Invalid value for "options.evaluatorModel": "anthropic:claude-sonnet-4-5" needs ANTHROPIC_API_KEY, which is not set on this server\. Choose one of: openai:gpt-4o-mini, anthropic:\*, mistral:large\.$/,
      ],
      [{ search: ['google'] }, 'options.search', /must be known search providers \(.*\), got "google"/],
      [{ search: ['brave'] }, 'options.search', /brave needs BRAVE_API_KEY, which is not set on this server/],
    ];
    for (const [options, field, message] of cases) {
      const response = await server.app.request('/api/runs', json({ question: 'q', options }));
      expect(response.status, JSON.stringify(options)).toBe(400);
      const error = (await response.json()).error;
      expect(error).toMatchObject({ code: 'invalid_request', field });
      expect(error.message).toMatch(message);
    }
    expect((await server.store.listRuns({ limit: 10 })).runs).toHaveLength(0);
    await startRun(server, { question: 'q', options: { search: ['wikipedia'] } });
  });

  it('lists runs newest first, by page, filtered by status', async () => {
    const server = makeTestApp();
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) ids.push((await startRun(server, { question: `q${index}` })).id);
    await Promise.all(ids.map((id) => server.runs.waitForEnd(id)));
    await server.store.updateRun(ids[0] ?? '', { status: 'failed' });
    const first = await (await server.app.request('/api/runs?limit=2')).json();
    expect(first.runs.map((run: { question: string }) => run.question)).toEqual(['q2', 'q1']);
    expect(first.runs[0]).toMatchObject({ status: 'completed', model: 'openai:gpt-4o-mini', steps: 2 });
    const second = await (await server.app.request(`/api/runs?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.runs.map((run: { question: string }) => run.question)).toEqual(['q0']);
    expect(second.nextCursor).toBeUndefined();
    const failed = await (await server.app.request('/api/runs?status=failed,cancelled')).json();
    expect(failed.runs.map((run: { id: string }) => run.id)).toEqual([ids[0]]);
    expect((await server.app.request('/api/runs?status=done')).status).toBe(400);
    expect((await server.app.request('/api/runs?limit=0')).status).toBe(400);
    expect((await server.app.request('/api/runs?cursor=abc')).status).toBe(400);
  });

  it('answers 404 in JSON for an unknown run or route', async () => {
    const server = makeTestApp();
    for (const path of ['/api/runs/nope', '/api/runs/nope/report', '/api/runs/nope/events', '/api/nothing']) {
      const response = await server.app.request(path);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('not_found');
    }
    expect((await server.app.request('/api/runs/nope/cancel', { method: 'POST' })).status).toBe(404);
    expect((await server.app.request('/api/runs/nope', { method: 'DELETE' })).status).toBe(404);
  });

  it('cancels a running run, and refuses to cancel it twice', async () => {
    const server = makeTestApp({ fake: { steps: 500, stepDelayMs: 10 } });
    const { id } = await startRun(server);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const response = await server.app.request(`/api/runs/${id}/cancel`, { method: 'POST' });
    expect(response.status).toBe(202);
    expect((await server.runs.waitForEnd(id)).status).toBe('cancelled');
    const again = await server.app.request(`/api/runs/${id}/cancel`, { method: 'POST' });
    expect(again.status).toBe(409);
  });

  it('shows queued runs while the concurrency limit is reached', async () => {
    const server = makeTestApp({ maxConcurrentRuns: 1, fake: { steps: 500, stepDelayMs: 10 } });
    const first = await startRun(server);
    const second = await startRun(server);
    expect((await (await server.app.request(`/api/runs/${first.id}`)).json()).status).toBe('running');
    expect((await (await server.app.request(`/api/runs/${second.id}`)).json()).status).toBe('queued');
    await server.runs.shutdown({ graceMs: 0 });
  });

  it('deletes a run and its events', async () => {
    const server = makeTestApp();
    const { id } = await startRun(server);
    await server.runs.waitForEnd(id);
    expect((await server.app.request(`/api/runs/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await server.app.request(`/api/runs/${id}`)).status).toBe(404);
    expect(await server.store.listEvents(id)).toEqual([]);
  });

  it('serves the report as markdown, or HTML when asked, once the run has a result', async () => {
    const server = makeTestApp({
      fake: { steps: 1, stepDelayMs: 50, answer: 'Blue <b>light</b> scatters [1].' },
    });
    const { id } = await startRun(server);
    expect((await server.app.request(`/api/runs/${id}/report`)).status).toBe(409);
    await server.runs.waitForEnd(id);
    const markdown = await server.app.request(`/api/runs/${id}/report`);
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    const text = await markdown.text();
    expect(text).toContain('# Why is the sky blue?');
    expect(text).toContain('1. [Example A](https://example.com/a)');
    const html = await server.app.request(`/api/runs/${id}/report`, { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type')).toContain('text/html');
    const page = await html.text();
    expect(page).toContain('<a href="https://example.com/a" rel="noopener noreferrer">Example A</a>');
    expect(page).toContain('&lt;b&gt;light&lt;/b&gt;');
    expect(await (await server.app.request(`/api/runs/${id}/report?format=html`)).text()).toContain('<h1>');
    const odt = await server.app.request(`/api/runs/${id}/report?format=odt`);
    expect(odt.status).toBe(400);
    expect((await odt.json()).error).toMatchObject({
      field: 'format',
      message: 'Unknown format "odt": use markdown, html, pdf, docx.',
    });
  });

  it('serves the report as a PDF and a DOCX file, links and quotes included', async () => {
    const server = makeTestApp({ fake: { steps: 1, answer: 'Blue <b>light</b> scatters [1].' } });
    const { id } = await startRun(server);
    await server.runs.waitForEnd(id);
    const pdf = await server.app.request(`/api/runs/${id}/report?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="deepresearch-${id}.pdf"`);
    const read = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
    expect(read.text).toContain('Why is the sky blue?');
    expect(read.text).toContain('Blue <b>light</b> scatters [1].');
    expect(read.text).toContain('Example A');
    expect(read.urls).toContain('https://example.com/a');
    expect(read.jumps).toContain('reference-1');
    const docx = await server.app.request(`/api/runs/${id}/report?format=docx`);
    expect(docx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(docx.headers.get('content-disposition')).toBe(`attachment; filename="deepresearch-${id}.docx"`);
    const text = docxText(new Uint8Array(await docx.arrayBuffer()));
    expect(text).toContain('Blue <b>light</b> scatters [1].');
    expect(text).toContain('Example A');
  });

  it('resumes an interrupted run from its stored events', async () => {
    const store = createMemoryStore();
    await store.createRun({
      id: 'old',
      question: 'q',
      options: { model: 'openai:gpt-4o-mini' },
      createdAt: new Date().toISOString(),
    });
    await store.updateRun('old', { status: 'running' });
    await store.appendEvent({
      runId: 'old',
      index: 0,
      at: new Date().toISOString(),
      step: 0,
      type: 'knowledge-add',
      item: { kind: 'fact', content: 'known' },
    });
    const server = makeTestApp({ store });
    expect(await server.runs.recover()).toEqual(['old']);
    expect((await (await server.app.request('/api/runs/old')).json()).status).toBe('interrupted');
    const response = await server.app.request('/api/runs/old/resume', { method: 'POST' });
    expect(response.status).toBe(202);
    const ended = await server.runs.waitForEnd('old');
    expect(ended.status).toBe('completed');
    const call = (
      server.runner as unknown as {
        calls: { options: { apiKey?: string }; runtime: { resumeFrom?: unknown[] } }[];
      }
    ).calls[0];
    expect(call?.runtime.resumeFrom).toHaveLength(1);
    expect(call?.options.apiKey).toBe(TEST_API_KEY);
    expect((await server.app.request('/api/runs/old/resume', { method: 'POST' })).status).toBe(409);
  });

  it('lists the evaluations of a run', async () => {
    const server = makeTestApp();
    const { id } = await startRun(server);
    await server.runs.waitForEnd(id);
    const body = await (await server.app.request(`/api/runs/${id}/evaluations`)).json();
    expect(body.evaluations).toEqual([
      {
        eventIndex: expect.any(Number),
        attempt: 1,
        pass: true,
        checks: [{ type: 'definitive', pass: true, reason: 'ok' }],
      },
    ]);
    expect((await (await server.app.request(`/api/runs/${id}/sources`)).json()).sources).toEqual([]);
  });

  it("serves a source's screenshot as a PNG to the run's owner only, and 404 with a code when there is none", async () => {
    const server = makeTestApp({ authTokens: ['token-a', 'token-b'] });
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const created = await server.app.request('/api/runs', {
      ...json({ question: 'Why is the sky blue?' }),
      headers: { 'content-type': 'application/json', authorization: 'Bearer token-a' },
    });
    const { id } = (await created.json()) as { id: string };
    await server.runs.waitForEnd(id);
    const page = (url: string) => ({
      url,
      finalUrl: url,
      title: url,
      contentHash: 'h',
      fetchedAt: '2026-11-27T07:00:00.000Z',
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await server.store.addSource(id, page('https://plain.example/'));
    await server.store.putScreenshot(id, 'https://shot.example/', png);
    await server.store.addSource(id, { ...page('https://shot.example/'), screenshot: true });

    const shot = await server.app.request(`/api/runs/${id}/sources/2/screenshot`, as('token-a'));
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await shot.arrayBuffer())).toEqual(png);
    const byQuery = await server.app.request(`/api/runs/${id}/sources/2/screenshot?access_token=token-a`);
    expect(byQuery.status).toBe(200);
    // Another token's request is answered as for a run that does not exist.
    const other = await server.app.request(`/api/runs/${id}/sources/2/screenshot`, as('token-b'));
    expect(other.status).toBe(404);
    expect((await other.json()).error.code).toBe('not_found');
    expect((await server.app.request(`/api/runs/${id}/sources/2/screenshot`)).status).toBe(401);
    for (const [n, code] of [
      ['1', 'screenshot_not_found'],
      ['3', 'source_not_found'],
      ['0', 'source_not_found'],
      ['two', 'source_not_found'],
    ]) {
      const response = await server.app.request(`/api/runs/${id}/sources/${n}/screenshot`, as('token-a'));
      expect(response.status, n).toBe(404);
      expect((await response.json()).error.code, n).toBe(code);
    }
  });

  it('serves the final evaluation of a run: 409 before its result, scores after', async () => {
    const server = makeTestApp({ fake: { steps: 1, stepDelayMs: 200 } });
    const { id } = await startRun(server);
    const early = await server.app.request(`/api/runs/${id}/evaluation`);
    expect(early.status).toBe(409);
    await server.runs.waitForEnd(id);
    const body = await (await server.app.request(`/api/runs/${id}/evaluation`)).json();
    expect(body.evaluation).toEqual(FAKE_EVALUATION);
    expect((await server.app.request('/api/runs/nope/evaluation')).status).toBe(404);
  });
});
