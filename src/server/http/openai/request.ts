import { z } from 'zod';
import type { ResearchConfig } from '../../../config/index.js';
import { MAX_QUESTION_CHARS } from '../../constants.js';
import { ApiError } from '../errors.js';
import type { RunOptionsPolicy } from '../run-options.js';
import { parseWith } from '../validation.js';
import { citationFieldsShape } from './citation-fields.js';
import { optionFieldsShape, reasoningEffort, requestedOptions } from './extra-fields.js';
import { imageFieldsShape } from './image-fields.js';

const contentPart = z.object({ type: z.string(), text: z.string().optional() });
const message = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
});

/** One message of a conversation, as chat completions and the Responses API's `input` send it. */
export type ConversationMessage = z.infer<typeof message>;

/**
 * The body of `POST /v1/chat/completions`: OpenAI's fields we use plus DeepResearch's extra fields.
 * Unknown fields are dropped (OpenAI clients send many), never an error.
 */
export const chatCompletionRequest = z.object({
  model: z.string().min(1),
  messages: z.array(message).min(1, { error: 'a list of at least one message' }),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullable().optional(),
  reasoning_effort: reasoningEffort.nullable().optional(),
  ...optionFieldsShape,
  ...citationFieldsShape,
  ...imageFieldsShape,
  /** Put research progress inside `<think>…</think>` in `content`, for clients that show only content. */
  think_in_content: z.boolean().optional(),
});

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequest>;

function textOf(content: ConversationMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

/**
 * The question: the last user message; earlier messages are passed along as context. `field` is
 * the request field errors name (`messages`, `input`).
 */
export function questionFromMessages(messages: readonly ConversationMessage[], field = 'messages'): string {
  let last = -1;
  messages.forEach((entry, index) => {
    if (entry.role === 'user' && textOf(entry.content).trim()) last = index;
  });
  const question = messages[last];
  if (!question) {
    throw new ApiError(
      'invalid_request',
      `"${field}" holds no user message with text: the question is the last user message.`,
      { field },
    );
  }
  const context = messages
    .slice(0, last)
    .filter((entry) => textOf(entry.content).trim())
    .map((entry) => `${entry.role}: ${textOf(entry.content).trim()}`);
  const text = textOf(question.content).trim();
  const full =
    context.length === 0 ? text : `${text}\n\nEarlier conversation, for context:\n${context.join('\n')}`;
  if (full.length > MAX_QUESTION_CHARS) {
    const count = (value: number) => value.toLocaleString('en-US');
    throw new ApiError(
      'invalid_request',
      `The question is ${count(full.length)} characters long (the last user message and the earlier messages passed as its context); at most ${count(MAX_QUESTION_CHARS)} are allowed.`,
      { field },
    );
  }
  return full;
}

/** Validates a chat request and turns it into a question and run options that can start. */
export async function parseChatRequest(
  body: unknown,
  policy: RunOptionsPolicy,
): Promise<{ request: ChatCompletionRequest; question: string; options: ResearchConfig }> {
  const request = parseWith(chatCompletionRequest, body);
  const question = questionFromMessages(request.messages);
  const options = await requestedOptions(
    {
      model: request.model,
      effort: request.reasoning_effort,
      fields: request,
      effortParam: 'reasoning_effort',
    },
    policy,
  );
  return { request, question, options };
}
