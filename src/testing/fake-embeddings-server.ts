import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';

/** An embeddings request body as the fake server received it. */
export interface FakeEmbeddingsRequest {
  model?: string;
  input?: string | string[];
  [key: string]: unknown;
}

/** Settings of `startFakeEmbeddingsServer`, all optional. */
export interface FakeEmbeddingsServerOptions {
  /** Length of every vector (default 64). */
  dimensions?: number;
  /** Vector of one input (default `hashedBagOfWords`). */
  embed?: (input: string) => number[];
  /** Answer with this HTTP status and an OpenAI-shaped error instead of vectors. */
  failWith?: number;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
}

/** A running fake server. */
export interface FakeEmbeddingsServer {
  /** Base URL ending in `/v1`, for `--embed-base-url` / `OPENAI_BASE_URL`. */
  url: string;
  /** Request bodies received, in order. */
  requests: FakeEmbeddingsRequest[];
  close(): Promise<void>;
}

/**
 * A deterministic embedding: each lower-cased word hashed into one of `dimensions` buckets, the
 * counts L2-normalised. Texts that share words are close, so semantic search behaves sensibly.
 */
export function hashedBagOfWords(input: string, dimensions = 64): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of input.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const bucket = createHash('sha1').update(word).digest().readUInt32BE(0) % dimensions;
    vector[bucket] = (vector[bucket] ?? 0) + 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/**
 * An OpenAI-compatible `POST /v1/embeddings` server on 127.0.0.1 for tests and for trying
 * `--embed-model openai-compatible:fake --embed-base-url <url>` by hand.
 */
export async function startFakeEmbeddingsServer(
  options: FakeEmbeddingsServerOptions = {},
): Promise<FakeEmbeddingsServer> {
  const requests: FakeEmbeddingsRequest[] = [];
  const dimensions = options.dimensions ?? 64;
  const embed = options.embed ?? ((input: string) => hashedBagOfWords(input, dimensions));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (request.method !== 'POST' || path !== '/v1/embeddings') {
      sendJson(response, 404, { error: { message: `No route for ${request.method} ${path}` } });
      return;
    }
    readText(request)
      .then((text) => {
        const body = JSON.parse(text) as FakeEmbeddingsRequest;
        requests.push(body);
        if (options.failWith) {
          sendJson(response, options.failWith, { error: { message: 'The fake server was told to fail.' } });
          return;
        }
        const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ''];
        const data = inputs.map((input, index) => ({ object: 'embedding', index, embedding: embed(input) }));
        const tokens = inputs.reduce((sum, input) => sum + Math.ceil(input.length / 4), 0);
        sendJson(response, 200, {
          object: 'list',
          data,
          model: body.model ?? 'fake',
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        });
      })
      .catch((error: unknown) => sendJson(response, 400, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
