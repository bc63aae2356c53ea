import { afterEach, describe, expect, it } from 'vitest';
import type { ResearchConfigInput } from '../src/config/index.js';
import { parseResearchConfig } from '../src/config/schemas.js';
import { checkModels } from '../src/llm/index.js';
import { research } from '../src/research/index.js';
import { createApp, createRunService } from '../src/server/index.js';
import { createMemoryStore } from '../src/store/index.js';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { type FakeLlmServer, startFakeLlmServer } from '../src/testing/fake-llm-server.js';
import { createFakeReader } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';

// The operator's key belongs to the provider (and base URL) it was configured for. Two fake model
// servers record the Authorization header they get: the operator's, and one standing in for Ollama.

const OPERATOR_KEY = 'sk-operator-secret-4711';
const PAGES = {
  'https://encyclopedia.example/eiffel-tower': {
    title: 'The Eiffel Tower',
    text: 'The Eiffel Tower was completed in March 1889 as the entrance arch to the Exposition Universelle in Paris.',
  },
};

let servers: FakeLlmServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function world(
  options: { config?: ResearchConfigInput; allowedModels?: string[]; env?: Record<string, string> } = {},
) {
  const operator = await startFakeLlmServer({ script: cooperativeResearcher });
  const ollama = await startFakeLlmServer({ script: cooperativeResearcher });
  servers.push(operator, ollama);
  const env = { OLLAMA_BASE_URL: ollama.url, ...options.env };
  const search = createFakeSearch(
    Object.entries(PAGES).map(([url, page]) => ({ url, title: page.title, snippet: page.text.slice(0, 80) })),
  );
  const config = parseResearchConfig({
    model: 'openai-compatible:fake',
    baseURL: operator.url,
    apiKey: OPERATOR_KEY,
    search: ['wikipedia'],
    noDirectAnswer: true,
    ...options.config,
  });
  const capabilities = { searchProviders: [search], reader: createFakeReader(PAGES), env };
  const runs = createRunService({ store: createMemoryStore(), runner: research, config, capabilities });
  const server = createApp({
    runs,
    config,
    capabilities,
    // What `serve` does: every run's models must resolve with the server's environment.
    checkSetup: (runConfig) => checkModels(runConfig, { env }),
    webDirectory: '/nonexistent-web-dist',
    serve: { allowedModels: options.allowedModels },
  });
  return { ...server, runs, operator, ollama };
}

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function startRun(app: Awaited<ReturnType<typeof world>>, options: Record<string, unknown>) {
  const response = await app.app.request(
    '/api/runs',
    post({ question: 'When was the Eiffel Tower completed?', options }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { id?: string; error?: { field?: string; message: string } },
  };
}

describe("the operator's key stays with its provider", () => {
  it('refuses a model the operator neither configured nor allowed, on both APIs, without calling it', async () => {
    const app = await world();
    const refused = await startRun(app, { model: 'ollama:llama3' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: 'invalid_request',
      field: 'options.model',
      message:
        'Invalid value for "options.model": "ollama:llama3" is not allowed on this server. Allowed: openai-compatible:fake.',
    });
    const chat = await app.app.request(
      '/v1/chat/completions',
      post({ model: 'ollama:llama3', messages: [{ role: 'user', content: 'q' }] }),
    );
    expect(chat.status).toBe(400);
    expect((await chat.json()).error).toMatchObject({ param: 'model', type: 'invalid_request_error' });
    expect(app.ollama.requests).toHaveLength(0);
    expect(app.operator.requests).toHaveLength(0);
  });

  it('refuses an allowed model whose provider has no key of its own, naming the variable and the choices', async () => {
    const app = await world({ allowedModels: ['anthropic:*'] });
    const refused = await startRun(app, { model: 'anthropic:claude-sonnet-4-5' });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(
      'Invalid value for "options.model": "anthropic:claude-sonnet-4-5" needs ANTHROPIC_API_KEY, which is not set on this server. Choose one of: openai-compatible:fake, anthropic:*.',
    );
    expect((await startRun(app, { keyProvider: 'anthropic' })).body.error?.field).toBe('options.keyProvider');
  });

  it('sends an allowed model of another provider to that provider, never with the operator key', async () => {
    const app = await world({ allowedModels: ['ollama:*'] });
    const started = await startRun(app, { model: 'ollama:llama3' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const ended = await app.runs.waitForEnd(started.body.id ?? '');
    expect(ended.status).toBe('completed');
    expect(app.ollama.requests.length).toBeGreaterThan(0);
    expect(app.ollama.authorizations.every((header) => header === undefined)).toBe(true);
    expect(app.operator.requests).toHaveLength(0);
  });

  it("keeps the operator's key for the operator's own role models when a client changes the main model", async () => {
    const app = await world({
      allowedModels: ['ollama:llama3'],
      config: { evaluatorModel: 'openai-compatible:fake' },
    });
    const started = await startRun(app, { model: 'ollama:llama3' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await app.runs.waitForEnd(started.body.id ?? '')).status).toBe('completed');
    expect(app.ollama.requests.length).toBeGreaterThan(0);
    expect(app.ollama.authorizations).not.toContain(`Bearer ${OPERATOR_KEY}`);
    expect(app.operator.requests.length).toBeGreaterThan(0);
    expect(new Set(app.operator.authorizations)).toEqual(new Set([`Bearer ${OPERATOR_KEY}`]));
  });

  it('does the same through /v1, and never shows the operator key or base URL in run options', async () => {
    const app = await world({ allowedModels: ['ollama:*'] });
    const chat = await app.app.request(
      '/v1/chat/completions',
      post({
        model: 'ollama:llama3',
        messages: [{ role: 'user', content: 'When was it built?' }],
      }),
    );
    expect(chat.status).toBe(200);
    expect(app.ollama.authorizations.length).toBeGreaterThan(0);
    expect(app.ollama.authorizations.every((header) => header === undefined)).toBe(true);
    const { runs } = await (await app.app.request('/api/runs')).json();
    const detail = await (await app.app.request(`/api/runs/${runs[0].id}`)).json();
    expect(detail.options.model).toBe('ollama:llama3');
    for (const hidden of ['apiKey', 'baseURL', 'keyProvider', 'allowHosts', 'searxngUrl']) {
      expect(detail.options).not.toHaveProperty(hidden);
    }
    expect(JSON.stringify(detail)).not.toContain(app.operator.url);
    expect(JSON.stringify(detail)).not.toContain(OPERATOR_KEY);
  });

  it("uses the operator's key for the operator's model", async () => {
    const app = await world();
    const started = await startRun(app, {});
    expect((await app.runs.waitForEnd(started.body.id ?? '')).status).toBe('completed');
    expect(app.operator.requests.length).toBeGreaterThan(0);
    expect(new Set(app.operator.authorizations)).toEqual(new Set([`Bearer ${OPERATOR_KEY}`]));
  });
});
