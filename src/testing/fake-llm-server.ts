import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exampleFromJsonSchema } from './json-schema-example.js';

/** A Chat Completions request body as the fake server received it. */
export interface FakeChatRequest {
  model?: string;
  messages?: Array<{ role: string; content: unknown }>;
  stream?: boolean;
  tools?: Array<{ type: string; function: { name: string; parameters?: unknown } }>;
  tool_choice?: unknown;
  response_format?: unknown;
  [key: string]: unknown;
}

/**
 * One scripted reply:
 * - a string: the assistant's text (a forced tool call gets it as the tool's arguments);
 * - `{ status, body, headers }`: a raw HTTP answer, e.g. 429 with `retry-after`;
 * - `{ hang: true }`: accept the request and never answer;
 * - `{ text, delayMs, usage }`: text after a delay, with chosen token counts.
 */
export type FakeLlmReply =
  | string
  | { status: number; body?: string | object; headers?: Record<string, string> }
  | { hang: true }
  | { text: string; delayMs?: number; usage?: { promptTokens: number; completionTokens: number } };

/** A reply for every request, a list played in order (the last repeats), or a function. */
export type FakeLlmScript =
  | FakeLlmReply
  | readonly FakeLlmReply[]
  | ((request: FakeChatRequest, callIndex: number) => FakeLlmReply | Promise<FakeLlmReply>);

/** Settings of `startFakeLlmServer`, all optional. */
export interface FakeLlmServerOptions {
  /** Replies to chat completions (default: `cannedReply`). */
  script?: FakeLlmScript;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Model ids listed by `GET /v1/models` (default `['fake']`). */
  models?: string[];
}

/** A running fake server. */
export interface FakeLlmServer {
  /** Base URL ending in `/v1`, for `--base-url` / `OPENAI_BASE_URL`. */
  url: string;
  /** Chat completion bodies received, in order. */
  requests: FakeChatRequest[];
  /** The `Authorization` header of each chat completion request (undefined when absent), in order. */
  authorizations: Array<string | undefined>;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible Chat Completions server on 127.0.0.1 for tests and for trying the CLI by
 * hand with `--model openai-compatible:fake --base-url <url>`. Answers `POST /v1/chat/completions`
 * (plain JSON or SSE ending with `data: [DONE]`) and `GET /v1/models`.
 */
export async function startFakeLlmServer(options: FakeLlmServerOptions = {}): Promise<FakeLlmServer> {
  const requests: FakeChatRequest[] = [];
  const authorizations: Array<string | undefined> = [];
  const hanging = new Set<ServerResponse>();
  const script = options.script ?? cannedReply;
  const server = createServer((request, response) => {
    const models = options.models ?? ['fake'];
    handle({ request, response, requests, authorizations, hanging, script, models }).catch(
      (error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
        else response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(context: {
  request: IncomingMessage;
  response: ServerResponse;
  requests: FakeChatRequest[];
  authorizations: Array<string | undefined>;
  hanging: Set<ServerResponse>;
  script: FakeLlmScript;
  models: string[];
}): Promise<void> {
  const { request, response } = context;
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (request.method === 'GET' && path === '/v1/models') {
    const data = context.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' }));
    return sendJson(response, 200, { object: 'list', data });
  }
  if (request.method !== 'POST' || path !== '/v1/chat/completions') {
    return sendJson(response, 404, { error: { message: `No route for ${request.method} ${path}` } });
  }
  const body = JSON.parse(await readBody(request)) as FakeChatRequest;
  const callIndex = context.requests.length;
  context.requests.push(body);
  context.authorizations.push(request.headers.authorization);
  const reply = await pickReply(context.script, body, callIndex);
  if (typeof reply !== 'string' && 'hang' in reply) {
    context.hanging.add(response);
    response.on('close', () => context.hanging.delete(response));
    return;
  }
  if (typeof reply !== 'string' && 'status' in reply) {
    const payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(payload);
    return;
  }
  const text = typeof reply === 'string' ? reply : reply.text;
  if (typeof reply !== 'string' && reply.delayMs) await sleep(reply.delayMs);
  const usage = {
    prompt_tokens:
      (typeof reply !== 'string' && reply.usage?.promptTokens) ||
      Math.max(1, Math.ceil(JSON.stringify(body.messages ?? []).length / 4)),
    completion_tokens:
      (typeof reply !== 'string' && reply.usage?.completionTokens) || Math.max(1, Math.ceil(text.length / 4)),
  };
  const completion = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
  const toolName = forcedToolName(body);
  if (body.stream) return sendStream(response, { body, text, toolName, usage: completion, callIndex });
  const message = toolName
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: `call_${callIndex}`, type: 'function', function: { name: toolName, arguments: text } },
        ],
      }
    : { role: 'assistant', content: text };
  sendJson(response, 200, {
    id: `chatcmpl-${callIndex}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'fake',
    choices: [{ index: 0, message, finish_reason: toolName ? 'tool_calls' : 'stop' }],
    usage: completion,
  });
}

function sendStream(
  response: ServerResponse,
  options: {
    body: FakeChatRequest;
    text: string;
    toolName: string | undefined;
    usage: object;
    callIndex: number;
  },
): void {
  const { body, text, toolName, callIndex } = options;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const base = {
    id: `chatcmpl-${callIndex}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'fake',
  };
  const send = (choices: unknown[], extra: object = {}) =>
    response.write(`data: ${JSON.stringify({ ...base, choices, ...extra })}\n\n`);
  send([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
  if (toolName) {
    const call = {
      index: 0,
      id: `call_${callIndex}`,
      type: 'function',
      function: { name: toolName, arguments: text },
    };
    send([{ index: 0, delta: { tool_calls: [call] }, finish_reason: null }]);
  } else {
    // Words with their trailing spaces, so the client sees several deltas.
    for (const piece of text.match(/\S*\s*/g) ?? []) {
      if (piece) send([{ index: 0, delta: { content: piece }, finish_reason: null }]);
    }
  }
  send([{ index: 0, delta: {}, finish_reason: toolName ? 'tool_calls' : 'stop' }]);
  send([], { usage: options.usage });
  response.end('data: [DONE]\n\n');
}

function forcedToolName(body: FakeChatRequest): string | undefined {
  const choice = body.tool_choice;
  if (choice && typeof choice === 'object' && 'function' in choice) {
    const named = (choice as { function?: { name?: string } }).function?.name;
    if (named) return named;
  }
  if (choice === 'required' || (body.tools?.length === 1 && choice !== 'none' && choice !== 'auto')) {
    return body.tools?.[0]?.function.name;
  }
  return undefined;
}

async function pickReply(
  script: FakeLlmScript,
  body: FakeChatRequest,
  callIndex: number,
): Promise<FakeLlmReply> {
  if (typeof script === 'function') return script(body, callIndex);
  if (Array.isArray(script)) {
    const list = script as readonly FakeLlmReply[];
    return list[Math.min(callIndex, list.length - 1)] ?? '';
  }
  return script as FakeLlmReply;
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Text of the last user message of a request ('' when none). */
export function lastUserText(request: FakeChatRequest): string {
  const user = [...(request.messages ?? [])].reverse().find((message) => message.role === 'user');
  if (!user) return '';
  if (typeof user.content === 'string') return user.content;
  if (Array.isArray(user.content)) {
    return user.content
      .map((part: unknown) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
      .join('');
  }
  return '';
}

/**
 * Default behaviour: a structured request (a forced tool or a JSON schema response format) gets a
 * small object that satisfies its schema (see `exampleFromJsonSchema`); a plain request gets a
 * short canned answer. Enough to try the CLI by hand; tests that drive the engine pass a script.
 */
export function cannedReply(request: FakeChatRequest): FakeLlmReply {
  const schema = requestedSchema(request);
  if (schema !== undefined) return JSON.stringify(exampleFromJsonSchema(schema));
  if (request.response_format !== undefined) return '{}';
  return `This is a fake answer to: ${lastUserText(request).slice(0, 200)}`;
}

/** The JSON Schema a request asks its reply to follow, if any. */
function requestedSchema(request: FakeChatRequest): unknown {
  const toolName = forcedToolName(request);
  if (toolName) return request.tools?.find((tool) => tool.function.name === toolName)?.function.parameters;
  const format = request.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
  return format?.type === 'json_schema' ? format.json_schema?.schema : undefined;
}

// Run by hand: `node --import tsx src/testing/fake-llm-server.ts --port 8787`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const portFlag = process.argv.indexOf('--port');
  const port = portFlag >= 0 ? Number(process.argv[portFlag + 1]) : 8787;
  startFakeLlmServer({ port }).then((server) => {
    process.stdout.write(
      `Fake LLM server at ${server.url} (use --model openai-compatible:fake --base-url ${server.url})\n`,
    );
  });
}
