import type { ModelRole } from '../config/index.js';
import type { Usage } from '../contract/index.js';
import {
  type Llm,
  LlmError,
  type LlmObjectRequest,
  type LlmResult,
  type LlmTextRequest,
} from '../llm/index.js';
import { abortableDelay } from '../shared/index.js';

/** One call the fake got. */
export interface FakeLlmCall {
  role: ModelRole;
  kind: 'object' | 'text';
  /** `schemaName` of object calls. */
  schemaName?: string;
  system: string;
  prompt: string;
  /** The request's token limit, when it had one. */
  tokenLimit?: number;
}

/** What a call answers: a value (validated against the request's schema), or an Error to throw. */
export type FakeLlmResponder = (call: FakeLlmCall, callIndex: number) => unknown | Promise<unknown>;

export interface FakeLlmOptions {
  /** Answers object calls; its value is checked against the schema like the real layer does. */
  object?: FakeLlmResponder;
  /** Answers text calls (default: "A short answer."). Strings are streamed to `onDelta` in words. */
  text?: FakeLlmResponder;
  /**
   * Tokens counted per call, successful or not (default 100: 80 input, 20 output), or a function of
   * the call (a model whose cost grows with its prompt).
   */
  tokensPerCall?: number | ((call: FakeLlmCall) => number);
  /**
   * Tokens a call that is made really spends, whatever its token limit (default `tokensPerCall`):
   * more is a model layer that overspends, as a provider counting another tokenizer's tokens does.
   * A call is still refused only when its limit is below `tokensPerCall`.
   */
  tokensSpent?: number;
  /** Latency of every call, in milliseconds; aborts with the call's signal. */
  delayMs?: number;
  /** Never answer and ignore the abort signal: a model that hangs. */
  hang?: boolean;
  /** Model id reported in results (default `fake:model`). */
  model?: string;
}

/** A fake of the model layer for engine tests, counting calls and tokens like the real one. */
export interface FakeLlm extends Llm {
  readonly calls: FakeLlmCall[];
}

/**
 * Creates a fake `Llm`. It honours `tokenLimit` as the real layer does (a call that would not fit
 * throws `budget_exhausted` and is not counted); a call's tokens count when it ends. A responder may return an Error to have the call fail (use `LlmError` with
 * a code); an object that does not match the request's schema fails with `invalid_output`.
 */
export function createFakeLlm(options: FakeLlmOptions = {}): FakeLlm {
  const calls: FakeLlmCall[] = [];
  const model = options.model ?? 'fake:model';
  const { tokensPerCall = 100 } = options;
  const needOf = (call: FakeLlmCall) =>
    typeof tokensPerCall === 'function' ? tokensPerCall(call) : tokensPerCall;
  const total: Usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: 0 };
  const callUsage = (call: FakeLlmCall): Usage => {
    const spent = options.tokensSpent ?? needOf(call);
    const input = Math.round(spent * 0.8);
    return { inputTokens: input, outputTokens: spent - input, totalTokens: spent, costUsd: 0 };
  };
  const account = (usage: Usage) => {
    total.inputTokens += usage.inputTokens;
    total.outputTokens += usage.outputTokens;
    total.totalTokens += usage.totalTokens;
  };

  const respond = async (
    call: FakeLlmCall,
    responder: FakeLlmResponder | undefined,
    signal: AbortSignal | undefined,
  ): Promise<unknown> => {
    // Like the real layer: a call that cannot fit in its token limit is not made.
    const needed = needOf(call);
    if (call.tokenLimit !== undefined && call.tokenLimit < needed) {
      throw new LlmError({
        code: 'budget_exhausted',
        model,
        message: `A call needs ${needed} tokens but ${call.tokenLimit} are left; it was not made.`,
      });
    }
    calls.push(call);
    const callIndex = calls.length - 1;
    if (options.hang) {
      account(callUsage(call));
      await new Promise(() => {});
    }
    // Like a provider, the call's usage is known when it ends (failed or cancelled ones included).
    try {
      await abortableDelay(options.delayMs ?? 0, signal);
      const reply = responder ? await responder(call, callIndex) : 'A short answer.';
      if (reply instanceof Error) throw reply;
      return reply;
    } finally {
      account(callUsage(call));
    }
  };

  return {
    calls,
    async generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmResult<T>> {
      const call: FakeLlmCall = {
        role: request.role,
        kind: 'object',
        schemaName: request.schemaName,
        system: request.system,
        prompt: request.prompt,
        ...(request.tokenLimit === undefined ? {} : { tokenLimit: request.tokenLimit }),
      };
      const reply = await respond(call, options.object, request.abortSignal);
      const parsed = request.schema.safeParse(reply);
      if (!parsed.success) {
        throw new LlmError({
          code: 'invalid_output',
          model,
          message: `Output did not match ${request.schemaName}.`,
        });
      }
      return { value: parsed.data, model, usage: callUsage(call) };
    },
    async generateText(request: LlmTextRequest): Promise<LlmResult<string>> {
      const call: FakeLlmCall = {
        role: request.role,
        kind: 'text',
        system: request.system,
        prompt: request.prompt,
        ...(request.tokenLimit === undefined ? {} : { tokenLimit: request.tokenLimit }),
      };
      const reply = await respond(call, options.text, request.abortSignal);
      const text = typeof reply === 'string' ? reply : JSON.stringify(reply);
      for (const word of text.match(/\S+\s*/g) ?? []) request.onDelta?.(word);
      return { value: text, model, usage: callUsage(call) };
    },
    totals() {
      return { usage: { ...total }, calls: calls.length };
    },
  };
}
