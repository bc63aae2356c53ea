import { z } from 'zod';
import type { ResearchConfig } from '../../../config/index.js';
import type { RunOptionsPolicy } from '../run-options.js';
import { parseWith } from '../validation.js';
import { citationFieldsShape } from './citation-fields.js';
import { conversationMessage, readConversation, withPriorTurns } from './conversation.js';
import { optionFieldsShape, reasoningEffort, requestedOptions } from './extra-fields.js';
import { imageFieldsShape } from './image-fields.js';

/**
 * The body of `POST /v1/chat/completions`: OpenAI's fields we use plus DeepResearch's extra fields.
 * Unknown fields are dropped (OpenAI clients send many), never an error.
 */
export const chatCompletionRequest = z.object({
  model: z.string().min(1),
  messages: z.array(conversationMessage).min(1, { error: 'a list of at least one message' }),
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

/** Validates a chat request and turns it into a question and run options that can start. */
export async function parseChatRequest(
  body: unknown,
  policy: RunOptionsPolicy,
): Promise<{ request: ChatCompletionRequest; question: string; options: ResearchConfig }> {
  const request = parseWith(chatCompletionRequest, body);
  const { question, priorTurns } = readConversation(request.messages);
  const options = await requestedOptions(
    {
      model: request.model,
      effort: request.reasoning_effort,
      fields: request,
      effortParam: 'reasoning_effort',
    },
    policy,
  );
  return { request, question, options: withPriorTurns(options, priorTurns) };
}
