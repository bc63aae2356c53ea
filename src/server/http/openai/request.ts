import { z } from 'zod';
import type { ResearchConfig } from '../../../config/index.js';
import { DEPTH_PRESETS, REASONING_EFFORT_PRESETS } from '../../../contract/index.js';
import { DEFAULT_MODEL_ALIAS } from '../../constants.js';
import { ApiError } from '../errors.js';
import { checkRunSetup, type RunOptionsPolicy, resolveRunOptions } from '../run-options.js';
import { parseWith } from '../validation.js';

const contentPart = z.object({ type: z.string(), text: z.string().optional() });
const message = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
});
const hostnames = z.array(z.string().min(1));

/**
 * The body of `POST /v1/chat/completions`: OpenAI's fields we use plus DeepResearch's extra fields.
 * Unknown fields are dropped (OpenAI clients send many), never an error.
 */
export const chatCompletionRequest = z.object({
  model: z.string().min(1),
  messages: z.array(message).min(1, 'at least one message is required'),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullable().optional(),
  reasoning_effort: z
    .enum(Object.keys(REASONING_EFFORT_PRESETS) as [keyof typeof REASONING_EFFORT_PRESETS])
    .nullable()
    .optional(),
  budget_tokens: z.number().int().positive().optional(),
  max_attempts: z.number().int().positive().optional(),
  no_direct_answer: z.boolean().optional(),
  boost_hostnames: hostnames.optional(),
  bad_hostnames: hostnames.optional(),
  only_hostnames: hostnames.optional(),
  max_returned_urls: z.number().int().positive().optional(),
  language_code: z.string().min(1).optional(),
  search_provider: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  /** Put research progress inside `<think>…</think>` in `content`, for clients that show only content. */
  think_in_content: z.boolean().optional(),
});

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequest>;

/** Our option names mapped back to the request fields that set them, for error `param`s. */
const PARAMS: Record<string, string> = {
  model: 'model',
  tokenBudget: 'budget_tokens',
  maxSteps: 'reasoning_effort',
  maxAnswerAttempts: 'max_attempts',
  noDirectAnswer: 'no_direct_answer',
  boostHosts: 'boost_hostnames',
  excludeHosts: 'bad_hostnames',
  onlyHosts: 'only_hostnames',
  maxReturnedUrls: 'max_returned_urls',
  language: 'language_code',
  search: 'search_provider',
  // "SEARXNG_URL is not set" comes from asking for searxng on a server that has no instance.
  searxngUrl: 'search_provider',
};

function textOf(content: z.infer<typeof message>['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

/** The question: the last user message; earlier messages are passed along as context. */
export function questionFromMessages(messages: ChatCompletionRequest['messages']): string {
  let last = -1;
  messages.forEach((entry, index) => {
    if (entry.role === 'user' && textOf(entry.content).trim()) last = index;
  });
  const question = messages[last];
  if (!question) {
    throw new ApiError('invalid_request', 'The messages contain no user message with text.', {
      field: 'messages',
    });
  }
  const context = messages
    .slice(0, last)
    .filter((entry) => textOf(entry.content).trim())
    .map((entry) => `${entry.role}: ${textOf(entry.content).trim()}`);
  const text = textOf(question.content).trim();
  return context.length === 0 ? text : `${text}\n\nEarlier conversation, for context:\n${context.join('\n')}`;
}

/** Validates a chat request and turns it into a question and run options that can start. */
export async function parseChatRequest(
  body: unknown,
  policy: RunOptionsPolicy,
): Promise<{ request: ChatCompletionRequest; question: string; options: ResearchConfig }> {
  const request = parseWith(chatCompletionRequest, body);
  const question = questionFromMessages(request.messages);
  const input: Record<string, unknown> = {
    ...(request.model !== DEFAULT_MODEL_ALIAS ? { model: request.model } : {}),
    ...(request.reasoning_effort ? DEPTH_PRESETS[REASONING_EFFORT_PRESETS[request.reasoning_effort]] : {}),
    ...(request.budget_tokens !== undefined ? { tokenBudget: request.budget_tokens } : {}),
    ...(request.max_attempts !== undefined ? { maxAnswerAttempts: request.max_attempts } : {}),
    ...(request.no_direct_answer !== undefined ? { noDirectAnswer: request.no_direct_answer } : {}),
    ...(request.boost_hostnames ? { boostHosts: request.boost_hostnames } : {}),
    ...(request.bad_hostnames ? { excludeHosts: request.bad_hostnames } : {}),
    ...(request.only_hostnames ? { onlyHosts: request.only_hostnames } : {}),
    ...(request.max_returned_urls !== undefined ? { maxReturnedUrls: request.max_returned_urls } : {}),
    ...(request.language_code ? { language: request.language_code } : {}),
    ...(request.search_provider
      ? {
          search: Array.isArray(request.search_provider)
            ? request.search_provider
            : [request.search_provider],
        }
      : {}),
  };
  try {
    const options = resolveRunOptions(input, policy);
    await checkRunSetup(options, policy);
    return { request, question, options };
  } catch (error) {
    throw asChatParamError(error);
  }
}

/** An options error renamed to the request field that set the option (`param` in OpenAI's shape). */
function asChatParamError(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.field) return error;
  const option = error.field.replace(/^options\./, '').split('.')[0] ?? '';
  const param = PARAMS[option] ?? option;
  // The request has no "options": name the field the client sent.
  const message = error.message
    .replaceAll(`"${option}" in "options"`, `"${param}"`)
    .replaceAll(`options.${option}`, param);
  return new ApiError(error.code, message, { field: param });
}
