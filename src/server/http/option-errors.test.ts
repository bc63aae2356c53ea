import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../../config/schemas.js';
import { makeTestApp, TEST_API_KEY } from '../../testing/server-test-app.js';

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('option errors name what a client can do', () => {
  it("keeps the operator's --no-compute: a client may not turn compute back on", async () => {
    const server = makeTestApp({ config: parseResearchConfig({ apiKey: TEST_API_KEY, compute: false }) });
    const refused = await server.app.request(
      '/api/runs',
      post({ question: 'q', options: { compute: true } }),
    );
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as { error: { message: string; field: string } };
    expect(error.field).toBe('options.compute');
    expect(error.message).toMatch(/operator/);
    const off = await server.app.request('/api/runs', post({ question: 'q', options: { compute: false } }));
    expect(off.status).toBe(201);
  });

  it('POST /api/runs takes earlier answers as priorTurns, and names what is wrong in them', async () => {
    const server = makeTestApp();
    const refused = async (priorTurns: unknown) => {
      const response = await server.app.request(
        '/api/runs',
        post({ question: 'q', options: { priorTurns } }),
      );
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { message: string; field: string } }).error;
    };
    expect(await refused([{ answer: 'a', extra: 1 }])).toEqual({
      code: 'invalid_request',
      field: 'options.priorTurns.0.extra',
      message: 'Unknown option "options.priorTurns.0.extra".',
    });
    expect((await refused(Array.from({ length: 6 }, () => ({ answer: 'a' })))).message).toMatch(
      /^Invalid value for "options\.priorTurns": must be at most 5 earlier answers, got \[/,
    );
    expect((await refused([{ answer: 'a', citations: [{ url: 'u'.repeat(2_001) }] }])).field).toBe(
      'options.priorTurns.0.citations.0.url',
    );
    const taken = await server.app.request(
      '/api/runs',
      post({
        question: 'q',
        options: { priorTurns: [{ answer: 'It is 330 m [1].\n\n[1]: https://example.com/a' }] },
      }),
    );
    expect(taken.status).toBe(201);
    const { id } = (await taken.json()) as { id: string };
    expect((await server.runs.get(id, { all: true })).options.priorTurns).toEqual([
      { answer: 'It is 330 m [1].\n\n[1]: https://example.com/a', citations: [] },
    ]);
  });

  it('POST /api/runs with an unknown option lists only the options clients may set', async () => {
    const server = makeTestApp();
    const response = await server.app.request('/api/runs', post({ question: 'q', options: { bogus: 1 } }));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string; field: string } };
    expect(error.field).toBe('options.bogus');
    expect(error.message).toMatch(/^Unknown option "options\.bogus"\. Known options: model, /);
    const known = error.message
      .replace(/^.*Known options: /, '')
      .replace(/\.$/, '')
      .split(', ');
    expect(known).toContain('maxSteps');
    for (const operatorOnly of [
      'apiKey',
      'baseURL',
      'keyProvider',
      'searxngUrl',
      'allowHosts',
      'corpus',
      'embedModel',
      'browser',
    ])
      expect(known).not.toContain(operatorOnly);
  });

  it('refuses a browser program chosen by a client', async () => {
    const server = makeTestApp();
    const response = await server.app.request(
      '/api/runs',
      post({ question: 'q', options: { browser: '/bin/sh' } }),
    );
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { message: string; field: string } };
    expect(error.field).toBe('options.browser');
    expect(error.message).toContain('only its operator chooses (serve --browser)');
  });

  it('POST /v1/chat/completions with a model it refuses points at the "deepresearch" model', async () => {
    const server = makeTestApp();
    for (const model of ['gpt-4', 'openai:gpt-4']) {
      const response = await server.app.request(
        '/v1/chat/completions',
        post({ model, messages: [{ role: 'user', content: 'Why is the sky blue?' }] }),
      );
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { message: string; param: string } };
      expect(error.param).toBe('model');
      expect(error.message).toContain(`"${model}"`);
      expect(error.message).toMatch(/Or use the model "deepresearch": the server's own/);
    }
  });
});
