import { afterEach, describe, expect, it } from 'vitest';
import { type FakeEmbeddingsServer, startFakeEmbeddingsServer } from '../testing/index.js';
import { createEmbedder, resolveEmbeddingModel } from './embeddings.js';

let server: FakeEmbeddingsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('embeddings', () => {
  it('embeds texts through an OpenAI-compatible /v1/embeddings server, in order', async () => {
    server = await startFakeEmbeddingsServer({
      dimensions: 8,
      embed: (input) => new Array(8).fill(input.length),
    });
    const embedder = createEmbedder('openai-compatible:bge-small', { baseURL: server.url, env: {} });
    const vectors = await embedder.embed(['a', 'bbb']);
    expect(vectors).toEqual([new Array(8).fill(1), new Array(8).fill(3)]);
    expect(server.requests).toMatchObject([{ model: 'bge-small', input: ['a', 'bbb'] }]);
    expect(await embedder.embed([])).toEqual([]);
  });

  it('finds Ollama where its chat models are, and reports a failing server', async () => {
    server = await startFakeEmbeddingsServer({ failWith: 400 });
    const embedder = createEmbedder('ollama:nomic-embed-text', {
      env: { OLLAMA_BASE_URL: server.url },
      maxRetries: 0,
    });
    await expect(embedder.embed(['x'])).rejects.toThrow(/fake server was told to fail/);
    expect(server.requests).toMatchObject([{ model: 'nomic-embed-text' }]);
  });

  it('names what is missing: a provider without embeddings, a key, a server address', () => {
    expect(() => resolveEmbeddingModel('anthropic:claude', { env: {} })).toThrow(
      /Unknown embedding provider "anthropic". Known: openai, google, ollama, openai-compatible/,
    );
    expect(() => resolveEmbeddingModel('openai:text-embedding-3-small', { env: {} })).toThrow(
      /OPENAI_API_KEY is not set/,
    );
    expect(() => resolveEmbeddingModel('openai-compatible:bge', { env: {} })).toThrow(
      /--embed-base-url or set OPENAI_BASE_URL/,
    );
  });
});
