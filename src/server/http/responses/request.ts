import { z } from 'zod';
import type { ResearchConfig } from '../../../config/index.js';
import type { Reference } from '../../../contract/index.js';
import { ApiError } from '../errors.js';
import { urlCitations } from '../openai/chunks.js';
import { citationFieldsShape } from '../openai/citation-fields.js';
import {
  type ConversationMessage,
  messageText,
  readConversation,
  withPriorTurns,
} from '../openai/conversation.js';
import { optionFieldsShape, reasoningEffort, requestedOptions } from '../openai/extra-fields.js';
import { imageFieldsShape } from '../openai/image-fields.js';
import type { RunOptionsPolicy } from '../run-options.js';
import { parseWith } from '../validation.js';
import { IGNORED_REASONING_FIELDS, IGNORED_RESPONSES_FIELDS } from './ignored-fields.js';

const ROLES = ['user', 'assistant', 'system', 'developer'] as const;

const contentPart = z.object({
  type: z.string(),
  text: z.string().optional(),
  /** An `output_text` part's `url_citation` annotations, offsets within the part. */
  annotations: z.array(z.unknown()).nullable().optional(),
});
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

/** Each field as an optional value of any kind: accepted, never read. */
const ignored = (fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, z.unknown().optional()]));

/**
 * The body of `POST /v1/responses`: the Responses API fields a research run uses, plus
 * DeepResearch's extra fields (as on chat completions, `temperature` among them). The API's other
 * fields (tools, `text.format`, …) are accepted and ignored; a field that is neither is refused,
 * naming it, as every other body refuses one.
 */
export const responsesRequest = z.strictObject({
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
    .strictObject({
      effort: reasoningEffort.nullable().optional(),
      summary: z.string().nullable().optional(),
      ...ignored(IGNORED_REASONING_FIELDS),
    })
    .nullable()
    .optional(),
  ...optionFieldsShape,
  ...citationFieldsShape,
  ...imageFieldsShape,
  ...ignored(IGNORED_RESPONSES_FIELDS),
});

export type ResponsesRequest = z.infer<typeof responsesRequest>;

/** An earlier exchange a follow-up builds on: the question asked and the answer given, with its references. */
export interface EarlierExchange {
  question: string;
  answer: string;
  /** The answer's references (its `[n]` markers' sources), read again by the follow-up. */
  references?: readonly Reference[];
}

type InputContent = z.infer<typeof inputItem>['content'];

/**
 * The annotations of a message's parts, their offsets moved to the joined text (the parts' texts
 * one after the other), as chat completions carry them on the message.
 */
function annotationsOf(content: InputContent): unknown[] | undefined {
  if (!Array.isArray(content)) return undefined;
  const annotations: unknown[] = [];
  let offset = 0;
  for (const part of content) {
    for (const annotation of part.annotations ?? []) {
      annotations.push(shifted(annotation, offset));
    }
    offset += (part.text ?? '').length;
  }
  return annotations.length > 0 ? annotations : undefined;
}

/** An annotation with its `start_index` and `end_index` moved by `offset`, when it has them. */
function shifted(annotation: unknown, offset: number): unknown {
  if (offset === 0 || typeof annotation !== 'object' || annotation === null) return annotation;
  const moved: Record<string, unknown> = { ...annotation };
  for (const key of ['start_index', 'end_index']) {
    const value = moved[key];
    if (typeof value === 'number') moved[key] = value + offset;
  }
  return moved;
}

/** The input's messages, in order. */
function inputMessages(input: ResponsesRequest['input']): ConversationMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  const messages: ConversationMessage[] = [];
  for (const item of input) {
    const role = ROLES.find((known) => known === item.role);
    if (role && (item.type === undefined || item.type === 'message')) {
      const annotations = role === 'assistant' ? annotationsOf(item.content) : undefined;
      messages.push({ role, content: item.content ?? null, annotations });
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
          {
            role: 'assistant' as const,
            content: earlier.answer,
            annotations: urlCitations(earlier.answer, earlier.references ?? []),
          },
        ]
      : []),
    ...input,
  ];
}

/** The text of the input's last user message (a reply to clarifying questions). */
export function lastUserText(request: ResponsesRequest): string {
  const last = inputMessages(request.input).findLast((message) => message.role === 'user');
  return messageText(last?.content);
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
  const { question, priorTurns } = readConversation(conversationOf(request, earlier), 'input');
  const options = await requestedOptions(
    {
      model: request.model,
      effort: request.reasoning?.effort,
      fields: request,
      effortParam: 'reasoning.effort',
    },
    policy,
  );
  return { question, options: withPriorTurns(options, priorTurns) };
}
