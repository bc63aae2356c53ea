import { z } from 'zod';
import type { ResearchConfig } from '../../../config/index.js';
import { ApiError } from '../errors.js';
import { citationFieldsShape } from '../openai/citation-fields.js';
import { optionFieldsShape, reasoningEffort, requestedOptions } from '../openai/extra-fields.js';
import { imageFieldsShape } from '../openai/image-fields.js';
import { type ConversationMessage, questionFromMessages } from '../openai/request.js';
import type { RunOptionsPolicy } from '../run-options.js';
import { parseWith } from '../validation.js';

const ROLES = ['user', 'assistant', 'system', 'developer'] as const;

const contentPart = z.object({ type: z.string(), text: z.string().optional() });
/**
 * One item of `input`: a message (`role` and `content`, with or without `type: "message"`); items
 * of other types (function call outputs, reasoning, item references) carry no question and are
 * skipped.
 */
const inputItem = z.object({
  type: z.string().optional(),
  role: z.string().optional(),
  content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
});

/**
 * The body of `POST /v1/responses`: the Responses API fields a research run uses, plus
 * DeepResearch's extra fields (as on chat completions, `temperature` among them). Unknown fields (tools,
 * `text.format`, …) are dropped, never an error: clients send many.
 */
export const responsesRequest = z.object({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(inputItem)]),
  /** A system message before the input. */
  instructions: z.string().nullable().optional(),
  /** An earlier response of the same client: its question and answer are this one's context. */
  previous_response_id: z.string().nullable().optional(),
  stream: z.boolean().nullable().optional(),
  /** Answer at once with the queued response; fetch it later with `GET /v1/responses/:id`. */
  background: z.boolean().nullable().optional(),
  reasoning: z
    .object({ effort: reasoningEffort.nullable().optional(), summary: z.string().nullable().optional() })
    .nullable()
    .optional(),
  ...optionFieldsShape,
  ...citationFieldsShape,
  ...imageFieldsShape,
});

export type ResponsesRequest = z.infer<typeof responsesRequest>;

/** An earlier exchange a follow-up builds on: the question asked and the answer given. */
export interface EarlierExchange {
  question: string;
  answer: string;
}

/** The input's messages, in order. */
function inputMessages(input: ResponsesRequest['input']): ConversationMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  const messages: ConversationMessage[] = [];
  for (const item of input) {
    const role = ROLES.find((known) => known === item.role);
    if (role && (item.type === undefined || item.type === 'message')) {
      messages.push({ role, content: item.content ?? null });
    }
  }
  return messages;
}

/** The request's messages: instructions, the earlier exchange, then the input's messages. */
function conversationOf(
  request: ResponsesRequest,
  earlier: EarlierExchange | undefined,
): ConversationMessage[] {
  const input = inputMessages(request.input);
  // The question is the input's last user message, never the earlier exchange's.
  if (!input.some((message) => message.role === 'user')) {
    throw new ApiError(
      'invalid_request',
      '"input" holds no user message: the question is the last user message.',
      {
        field: 'input',
      },
    );
  }
  return [
    ...(request.instructions ? [{ role: 'system' as const, content: request.instructions }] : []),
    ...(earlier
      ? [
          { role: 'user' as const, content: earlier.question },
          { role: 'assistant' as const, content: earlier.answer },
        ]
      : []),
    ...input,
  ];
}

/** The text of the input's last user message (a reply to clarifying questions). */
export function lastUserText(request: ResponsesRequest): string {
  const last = inputMessages(request.input).findLast((message) => message.role === 'user');
  const content = last?.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

/** The request as its dotted field names, for errors about the limits it set. */
export function requestFields(request: ResponsesRequest): Record<string, unknown> {
  return { ...request, 'reasoning.effort': request.reasoning?.effort };
}

/** Validates a Responses request. */
export function parseResponsesRequest(body: unknown): ResponsesRequest {
  return parseWith(responsesRequest, body);
}

/** The question and run options a valid request asks for, given the exchange it follows up. */
export async function researchOf(
  request: ResponsesRequest,
  earlier: EarlierExchange | undefined,
  policy: RunOptionsPolicy,
): Promise<{ question: string; options: ResearchConfig }> {
  const question = questionFromMessages(conversationOf(request, earlier), 'input');
  const options = await requestedOptions(
    {
      model: request.model,
      effort: request.reasoning?.effort,
      fields: request,
      effortParam: 'reasoning.effort',
    },
    policy,
  );
  return { question, options };
}
