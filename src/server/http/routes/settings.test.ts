import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../../../config/schemas.js';
import { checkResearchSetup } from '../../../research/index.js';
import { makeTestApp, TEST_API_KEY } from '../../../testing/server-test-app.js';

describe('GET /api/settings', () => {
  it("names the server's model and search, its models, and only the providers it can use", async () => {
    const server = makeTestApp({
      config: parseResearchConfig({
        apiKey: TEST_API_KEY,
        model: 'openai:gpt-4o',
        search: ['wikipedia'],
        baseURL: 'http://10.0.0.5:8000/v1',
      }),
      allowedModels: ['openai:gpt-4o-mini', 'anthropic:*'],
      // Brave's key is set; no other keyed provider's is, and SearXNG has no URL.
      checkSetup: (config) =>
        checkResearchSetup(config, { env: { OPENAI_API_KEY: 'sk-x', BRAVE_API_KEY: 'b-key' } }),
    });
    const response = await server.app.request('/api/settings');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(TEST_API_KEY);
    expect(text).not.toContain('10.0.0.5');
    const settings = JSON.parse(text);
    expect(settings.model).toBe('openai:gpt-4o');
    expect(settings.models).toEqual(['openai:gpt-4o', 'openai:gpt-4o-mini']);
    expect(settings.search).toEqual(['wikipedia']);
    const usable = settings.searchProviders
      .filter((provider: { usable: boolean }) => provider.usable)
      .map((provider: { id: string }) => provider.id);
    expect(usable).toEqual(expect.arrayContaining(['duckduckgo', 'wikipedia', 'arxiv', 'brave']));
    expect(usable).not.toContain('serper');
    expect(usable).not.toContain('tavily');
    expect(usable).not.toContain('searxng');
  });

  it('is a 405 for another method', async () => {
    const server = makeTestApp();
    const response = await server.app.request('/api/settings', { method: 'POST' });
    expect(response.status).toBe(405);
  });
});
