import { z } from 'zod';
import type { ResearchConfig } from '../../../config/index.js';
import { DEPTH_PRESETS, REASONING_EFFORT_PRESETS } from '../../../contract/index.js';
import { DEFAULT_MODEL_ALIAS, MAX_QUESTION_CHARS } from '../../constants.js';
import { ApiError } from '../errors.js';
import { checkRunSetup, type ParamName, type RunOptionsPolicy, resolveRunOptions } from '../run-options.js';
import { parseWith } from '../validation.js';

const contentPart = z.object({ type: z.string(), text: z.string().optional() });
const message = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
});
/**
 * DeepResearch's extra request fields, in the spirit of node-DeepResearch, and the option each sets.
 * Their values are validated once, by the options' schema, and errors name the request field.
 */
const OPTION_FIELDS = {
  budget_tokens: 'tokenBudget',
  max_attempts: 'maxAnswerAttempts',
  no_direct_answer: 'noDirectAnswer',
  boost_hostnames: 'boostHosts',
  bad_hostnames: 'excludeHosts',
  only_hostnames: 'onlyHosts',
  max_returned_urls: 'maxReturnedUrls',
  language_code: 'language',
  search_provider: 'search',
  corpora: 'corpora',
  web: 'web',
  team_size: 'breadth',
} as const;

type OptionField = keyof typeof OPTION_FIELDS;

/**
 * The body of `POST /v1/chat/completions`: OpenAI's fields we use plus DeepResearch's extra fields.
 * Unknown fields are dropped (OpenAI clients send many), never an error.
 */
export const chatCompletionRequest = z.object({
  model: z.string().min(1),
  messages: z.array(message).min(1, { error: 'a list of at least one message' }),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullable().optional(),
  reasoning_effort: z
    .enum(Object.keys(REASONING_EFFORT_PRESETS) as [keyof typeof REASONING_EFFORT_PRESETS])
    .nullable()
    .optional(),
  ...(Object.fromEntries(
    Object.keys(OPTION_FIELDS).map((field) => [field, z.unknown().optional()]),
  ) as Record<OptionField, z.ZodOptional<z.ZodUnknown>>),
  /** Put research progress inside `<think>…</think>` in `content`, for clients that show only content. */
  think_in_content: z.boolean().optional(),
});

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequest>;

/** Option keys the request sets in other ways: the model, and the budgets of `reasoning_effort`. */
const OTHER_PARAMS: Record<string, string> = {
  model: 'model',
  maxSteps: 'reasoning_effort',
  maxTimeSeconds: 'reasoning_effort',
};

/** How this endpoint names an option in errors (`param`): the request field that sets it. */
const chatParam: ParamName = (key) =>
  (Object.keys(OPTION_FIELDS) as OptionField[]).find((field) => OPTION_FIELDS[field] === key) ??
  OTHER_PARAMS[key] ??
  key;

/** The options a request's extra fields set; `null` counts as absent, a lone search provider as a list. */
function optionsFromFields(request: ChatCompletionRequest): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const field of Object.keys(OPTION_FIELDS) as OptionField[]) {
    const value = request[field];
    if (value === undefined || value === null) continue;
    const key = OPTION_FIELDS[field];
    options[key] = key === 'search' && !Array.isArray(value) ? [value] : value;
  }
  return options;
}

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
  const full =
    context.length === 0 ? text : `${text}\n\nEarlier conversation, for context:\n${context.join('\n')}`;
  if (full.length > MAX_QUESTION_CHARS) {
    const count = (value: number) => value.toLocaleString('en-US');
    throw new ApiError(
      'invalid_request',
      `The question is ${count(full.length)} characters long (the last user message and the earlier messages passed as its context); at most ${count(MAX_QUESTION_CHARS)} are allowed.`,
      { field: 'messages' },
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
  const input: Record<string, unknown> = {
    ...(request.model !== DEFAULT_MODEL_ALIAS ? { model: request.model } : {}),
    ...(request.reasoning_effort ? DEPTH_PRESETS[REASONING_EFFORT_PRESETS[request.reasoning_effort]] : {}),
    ...optionsFromFields(request),
  };
  try {
    const options = resolveRunOptions(input, policy, chatParam);
    await checkRunSetup(options, policy, chatParam);
    return { request, question, options };
  } catch (error) {
    throw error instanceof ApiError && error.field === 'model' ? withAlias(error) : error;
  }
}

/** A refused model, with the one every client can name: the server's own, `deepresearch`. */
function withAlias(error: ApiError): ApiError {
  return new ApiError(
    error.code,
    `${error.message} Or use the model "${DEFAULT_MODEL_ALIAS}": the server's own (GET /v1/models lists every model).`,
    { field: 'model', cause: error },
  );
}
