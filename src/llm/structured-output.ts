import { generateText, NoObjectGeneratedError, Output, type Schema, tool, zodSchema } from 'ai';
import { z } from 'zod';
import { untrustedLine } from '../shared/index.js';
import type { Attempt } from './call-runner.js';
import type { StructuredOutputMode } from './providers/index.js';
import type { LlmObjectRequest } from './types.js';

/** The raw structured reply of one call, before repair and validation. */
export interface RawStructuredReply {
  /** The validated object when the SDK already produced one. */
  object?: unknown;
  /** The reply as the model gave it: JSON text, or the forced tool call's input. */
  raw: unknown;
}

/** Tool names must be short identifiers for every provider. */
export function toolNameFor(schemaName: string): string {
  const name = schemaName.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return name === '' ? 'output' : name;
}

// Converting a zod schema to JSON Schema costs more CPU than the rest of a call; the research
// steps reuse a handful of schema objects, so each is converted once per process.
const sdkSchemas = new WeakMap<z.ZodType, Schema<unknown>>();
const schemaTexts = new WeakMap<z.ZodType, string>();

/** The AI SDK schema of `schema`, made once (its JSON Schema is computed on first use and kept). */
function sdkSchemaOf<T>(schema: z.ZodType<T>): Schema<T> {
  let cached = sdkSchemas.get(schema);
  if (!cached) {
    cached = zodSchema(schema) as Schema<unknown>;
    sdkSchemas.set(schema, cached);
  }
  return cached as Schema<T>;
}

/** The JSON Schema of `schema` as text, for the prompt. */
export function schemaTextOf(schema: z.ZodType): string {
  let text = schemaTexts.get(schema);
  if (text === undefined) {
    text = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' }));
    schemaTexts.set(schema, text);
  }
  return text;
}

/** The system prompt plus how to answer in the given mode. */
function systemFor<T>(request: LlmObjectRequest<T>, mode: Exclude<StructuredOutputMode, 'auto'>): string {
  if (mode === 'tool') {
    return `${request.system}\n\nGive your answer by calling the tool "${toolNameFor(request.schemaName)}" exactly once.`;
  }
  // Many servers take JSON mode without a schema, so the model is shown the schema itself.
  return `${request.system}\n\nReply with only a JSON object (no prose, no code fences) that matches this JSON Schema:\n${schemaTextOf(request.schema)}`;
}

/** One call that asks for structured output in `mode`; invalid output is returned, not thrown. */
export function structuredAttempt<T>(
  request: LlmObjectRequest<T>,
  options: {
    prompt: string;
    modeOf: (modelId: string) => Exclude<StructuredOutputMode, 'auto'>;
    /** The role's temperature (absent: the provider's). */
    temperature?: number | undefined;
  },
): Attempt<RawStructuredReply> {
  return async ({ model, modelId, signal, maxOutputTokens }) => {
    const mode = options.modeOf(modelId);
    const common = {
      model,
      system: systemFor(request, mode),
      prompt: options.prompt,
      abortSignal: signal,
      maxRetries: 0,
      maxOutputTokens,
      // The AI SDK walks the settings' keys (telemetry), so an unset temperature stays absent.
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      // The schema guides the model (grammar-constrained on servers that support it) but is not
      // strict: OpenAI's strict mode rejects schemas with optional fields, and zod validates anyway.
      providerOptions: {
        openai: { strictJsonSchema: false },
        openaiCompatible: { strictJsonSchema: false },
      },
    };
    if (mode === 'tool') {
      const name = toolNameFor(request.schemaName);
      const result = await generateText({
        ...common,
        tools: {
          [name]: tool({
            description: `Submit the ${request.schemaName}.`,
            inputSchema: sdkSchemaOf(request.schema),
          }),
        },
        toolChoice: 'required',
      });
      const call = result.toolCalls[0];
      return { value: { raw: call ? call.input : result.text }, tokens: result.totalUsage };
    }
    try {
      const result = await generateText({
        ...common,
        output: Output.object({ schema: sdkSchemaOf(request.schema), name: request.schemaName }),
      });
      return { value: { object: result.output, raw: result.text }, tokens: result.totalUsage };
    } catch (error) {
      if (!NoObjectGeneratedError.isInstance(error)) throw error;
      return { value: { raw: error.text ?? '' }, tokens: error.usage };
    }
  };
}

/** Characters of the rejected reply shown again in the retry prompt. */
const MAX_REJECTED_CHARS = 2000;

/**
 * The prompt of the one retry: the original prompt, what was wrong, and the rejected reply. The reply is
 * model output that may echo page text, so it is shown as one escaped line that cannot open or close a
 * block of the prompt.
 */
export function retryPrompt(prompt: string, problem: string, rejected: unknown): string {
  const shown = untrustedLine(
    (typeof rejected === 'string' ? rejected : JSON.stringify(rejected)) ?? '',
    MAX_REJECTED_CHARS,
  );
  return [
    prompt,
    '',
    'Your previous reply could not be used.',
    `Problem: ${problem}`,
    `Previous reply (truncated): ${shown}`,
    'Answer again with output that matches the schema exactly.',
  ].join('\n');
}
