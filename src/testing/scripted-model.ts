import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

/** What a scripted model was asked, as the script function and `model.calls` see it. */
export interface ScriptedCall {
  /** Text of every user message, joined by blank lines. */
  prompt: string;
  /** Text of the system message(s), joined by blank lines ('' when none). */
  system: string;
  /** 0-based position of this call among all calls the model got. */
  callIndex: number;
  /** Name of the requested output: the JSON response format's name or the forced tool's name. */
  schemaName?: string;
  /** Whether the SDK asked for a forced tool call (structured output in tool mode). */
  toolCall: boolean;
  /** Whether the call was a streaming one. */
  stream: boolean;
  /** The raw call options the AI SDK passed. */
  options: LanguageModelV3CallOptions;
}

/** Token counts a scripted reply reports. */
export interface ScriptedUsage {
  inputTokens: number;
  outputTokens: number;
}

/** Marker reply: the model never answers (until the call is aborted). */
export class ScriptedHang {
  readonly kind = 'hang';
}

/** A reply with per-reply details: usage, latency. */
export class ScriptedReplyDetail {
  constructor(
    readonly reply: string | object,
    readonly options: { usage?: ScriptedUsage; delayMs?: number } = {},
  ) {}
}

/** One reply: text, an object (sent as JSON text), an Error (thrown), a hang or a detailed reply. */
export type ScriptedReply = string | object | Error | ScriptedHang | ScriptedReplyDetail;

/**
 * A script: one reply used for every call, a list played back in order (the last one repeats), or a
 * function of the call.
 */
export type ModelScript =
  | ScriptedReply
  | readonly ScriptedReply[]
  | ((call: ScriptedCall) => ScriptedReply | Promise<ScriptedReply>);

/** Settings of `createScriptedModel`, all optional. */
export interface ScriptedModelOptions {
  /** Model id the SDK sees (default `scripted`). */
  modelId?: string;
  /** Provider name the SDK sees (default `scripted`). */
  provider?: string;
  /** Latency of every reply in milliseconds (default 0); abortable. */
  delayMs?: number;
  /**
   * Usage reported when a reply does not give its own. Default: about one token per four
   * characters of prompt and reply, at least 1 each, so budgets move in tests.
   */
  usage?: ScriptedUsage;
  /** Characters per streamed text delta (default 8). */
  streamChunkSize?: number;
}

/** A MockLanguageModelV3 that plays a script and records what it was asked. */
export interface ScriptedModel extends MockLanguageModelV3 {
  /** Every call received, in order. */
  readonly calls: ScriptedCall[];
}

/** A reply that never comes; the call ends only when its abort signal fires. */
export function hang(): ScriptedHang {
  return new ScriptedHang();
}

/** A reply with its own usage numbers or latency. */
export function replyWith(
  reply: string | object,
  options: { usage?: ScriptedUsage; delayMs?: number },
): ScriptedReplyDetail {
  return new ScriptedReplyDetail(reply, options);
}

/** An `APICallError` like a provider throws for an HTTP status. */
export function apiCallError(options: {
  status: number;
  message?: string;
  headers?: Record<string, string>;
}): APICallError {
  const { status } = options;
  return new APICallError({
    message: options.message ?? `HTTP ${status} from the scripted model`,
    url: 'http://127.0.0.1/scripted/v1/chat/completions',
    requestBodyValues: {},
    statusCode: status,
    responseHeaders: options.headers ?? {},
    responseBody: JSON.stringify({ error: { message: options.message ?? `status ${status}` } }),
    isRetryable: status === 408 || status === 409 || status === 429 || status >= 500,
  });
}

/** HTTP 401: the key is wrong. */
export function authenticationError(): APICallError {
  return apiCallError({ status: 401, message: 'Incorrect API key provided' });
}

/** HTTP 429 with a `retry-after` header (seconds, or an HTTP date string). */
export function rateLimitError(retryAfter?: number | string): APICallError {
  const headers: Record<string, string> =
    retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) };
  return apiCallError({ status: 429, message: 'Rate limit reached', headers });
}

/** HTTP 500 (or another 5xx). */
export function serverError(status = 500): APICallError {
  return apiCallError({ status, message: 'The server had an error' });
}

/** Builds a scripted model; pass it as `languageModels: { 'openai:gpt-4o': model }`. */
export function createScriptedModel(script: ModelScript, options: ScriptedModelOptions = {}): ScriptedModel {
  const calls: ScriptedCall[] = [];

  const play = async (callOptions: LanguageModelV3CallOptions, stream: boolean) => {
    const call = describeCall(callOptions, calls.length, stream);
    calls.push(call);
    const reply = await pickReply(script, call);
    const detail = reply instanceof ScriptedReplyDetail ? reply : undefined;
    const delayMs = detail?.options.delayMs ?? options.delayMs ?? 0;
    if (reply instanceof ScriptedHang) await waitForAbort(callOptions.abortSignal);
    if (delayMs > 0) await delay(delayMs, callOptions.abortSignal);
    if (reply instanceof Error) throw reply;
    const value = detail ? detail.reply : reply;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const counts = detail?.options.usage ??
      options.usage ?? {
        inputTokens: Math.max(1, Math.ceil((call.system.length + call.prompt.length) / 4)),
        outputTokens: Math.max(1, Math.ceil(text.length / 4)),
      };
    return { call, text, usage: toUsage(counts) };
  };

  const model = new MockLanguageModelV3({
    provider: options.provider ?? 'scripted',
    modelId: options.modelId ?? 'scripted',
    doGenerate: async (callOptions): Promise<LanguageModelV3GenerateResult> => {
      const { call, text, usage } = await play(callOptions, false);
      const content: LanguageModelV3Content[] = call.toolCall
        ? [
            {
              type: 'tool-call',
              toolCallId: `call-${call.callIndex}`,
              toolName: call.schemaName ?? 'output',
              input: text,
            },
          ]
        : [{ type: 'text', text }];
      const finishReason = call.toolCall ? 'tool-calls' : 'stop';
      return { content, finishReason: { unified: finishReason, raw: finishReason }, usage, warnings: [] };
    },
    doStream: async (callOptions) => {
      const { call, text, usage } = await play(callOptions, true);
      const size = Math.max(1, options.streamChunkSize ?? 8);
      const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (call.toolCall) {
        const toolName = call.schemaName ?? 'output';
        parts.push({ type: 'tool-call', toolCallId: `call-${call.callIndex}`, toolName, input: text });
      } else {
        parts.push({ type: 'text-start', id: 'text-0' });
        for (let start = 0; start < text.length; start += size) {
          parts.push({ type: 'text-delta', id: 'text-0', delta: text.slice(start, start + size) });
        }
        parts.push({ type: 'text-end', id: 'text-0' });
      }
      const finishReason = call.toolCall ? 'tool-calls' : 'stop';
      parts.push({ type: 'finish', usage, finishReason: { unified: finishReason, raw: finishReason } });
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      });
      return { stream };
    },
  });
  return Object.assign(model, { calls });
}

async function pickReply(script: ModelScript, call: ScriptedCall): Promise<ScriptedReply> {
  if (typeof script === 'function') return script(call);
  if (Array.isArray(script)) {
    const list = script as readonly ScriptedReply[];
    if (list.length === 0) throw new Error('createScriptedModel: the script list is empty');
    return list[Math.min(call.callIndex, list.length - 1)] as ScriptedReply;
  }
  return script as ScriptedReply;
}

function describeCall(options: LanguageModelV3CallOptions, callIndex: number, stream: boolean): ScriptedCall {
  const { system, prompt } = promptTexts(options.prompt);
  const toolChoice = options.toolChoice;
  const forcedTool =
    toolChoice?.type === 'tool'
      ? toolChoice.toolName
      : toolChoice?.type === 'required'
        ? options.tools?.[0]?.name
        : undefined;
  const schemaName =
    forcedTool ?? (options.responseFormat?.type === 'json' ? options.responseFormat.name : undefined);
  const call: ScriptedCall = {
    prompt,
    system,
    callIndex,
    toolCall: forcedTool !== undefined,
    stream,
    options,
  };
  if (schemaName !== undefined) call.schemaName = schemaName;
  return call;
}

function promptTexts(prompt: LanguageModelV3Prompt): { system: string; prompt: string } {
  const system: string[] = [];
  const user: string[] = [];
  for (const message of prompt) {
    if (message.role === 'system') system.push(message.content);
    else if (message.role === 'user') {
      for (const part of message.content) if (part.type === 'text') user.push(part.text);
    }
  }
  return { system: system.join('\n\n'), prompt: user.join('\n\n') };
}

function toUsage(counts: ScriptedUsage): LanguageModelV3Usage {
  return {
    inputTokens: { total: counts.inputTokens, noCache: counts.inputTokens, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: counts.outputTokens, text: counts.outputTokens, reasoning: 0 },
  };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function waitForAbort(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return; // Never settles: the caller's own timeout must end the call.
    if (signal.aborted) reject(abortReason(signal));
    else signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
  });
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(abortReason(signal));
      },
      { once: true },
    );
  });
}
