import type { Reference, ResearchEvent, RunImage, Usage } from '../../../contract/index.js';
import { inputState } from '../../../runs/index.js';
import type { RunRecord } from '../../../store/index.js';
import { ApiError } from '../errors.js';
import { urlCitations } from '../openai/chunks.js';
import type { CitationLimits } from '../openai/citation-fields.js';
import { imageAnnotationBody } from '../openai/image-fields.js';
import { inputMessage } from '../openai/needs-input.js';
import { progressLine } from '../openai/progress.js';
import { runFailure } from '../openai/run-failure.js';

/** Prefix of response ids: `resp_<run id>`; the run is the response. */
const RESPONSE_PREFIX = 'resp_';

export function responseIdOf(runId: string): string {
  return `${RESPONSE_PREFIX}${runId}`;
}

/** The run behind a response id; an id this server did not give is a 404. */
export function runIdOf(responseId: string, field?: string): string {
  if (!responseId.startsWith(RESPONSE_PREFIX) || responseId.length === RESPONSE_PREFIX.length) {
    throw new ApiError(
      field ? 'invalid_request' : 'not_found',
      `No response with id "${responseId}": response ids look like "${RESPONSE_PREFIX}…".`,
      field ? { field } : {},
    );
  }
  return responseId.slice(RESPONSE_PREFIX.length);
}

/** Ids of a response's two output items: the research progress and the answer. */
export function itemIds(runId: string) {
  return { reasoning: `rs_${runId}`, message: `msg_${runId}` };
}

/** A run's status as a response's. */
function statusOf(record: RunRecord) {
  switch (record.status) {
    case 'queued':
      return 'queued' as const;
    case 'running':
      return 'in_progress' as const;
    case 'completed':
    case 'best_effort':
    // A run that asks before it researches: its questions are the response's message.
    case 'needs_input':
      return 'completed' as const;
    case 'cancelled':
      return 'cancelled' as const;
    default:
      return 'failed' as const;
  }
}

/**
 * A reference as the Responses API's `url_citation` annotation, at its `[n]` marker in the text;
 * then each image asked for (`with_images`) as an `image_url` annotation.
 */
export function annotationsOf(
  answer: string,
  references: readonly Reference[],
  limits?: CitationLimits,
  images: readonly RunImage[] = [],
) {
  return [
    ...urlCitations(answer, references, limits).map(({ url_citation }) => ({
      type: 'url_citation' as const,
      ...url_citation,
    })),
    ...images.map((image) => ({ type: 'image_url' as const, ...imageAnnotationBody(answer, image) })),
  ];
}

/** Our usage in the Responses API's shape. */
export function responseUsage(usage: Usage) {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.totalTokens,
  };
}

/** The research progress as one reasoning summary. */
export function reasoningItem(runId: string, progress: string) {
  return {
    id: itemIds(runId).reasoning,
    type: 'reasoning' as const,
    summary: progress ? [{ type: 'summary_text' as const, text: progress }] : [],
  };
}

/** The answer as an assistant message with one `output_text` part and its citations. */
export function messageItem(
  runId: string,
  answer: string,
  references: readonly Reference[],
  limits?: CitationLimits,
  images: readonly RunImage[] = [],
) {
  return {
    id: itemIds(runId).message,
    type: 'message' as const,
    role: 'assistant' as const,
    status: 'completed' as const,
    content: [
      {
        type: 'output_text' as const,
        text: answer,
        annotations: annotationsOf(answer, references, limits, images),
        logprobs: [],
      },
    ],
  };
}

/** What a response object says besides its run: what the request asked, when known. */
export interface ResponseEcho {
  background?: boolean;
  previousResponseId?: string | null;
  instructions?: string | null;
  /** The request's fields by dotted name, for the limit a failure names. */
  fields?: Readonly<Record<string, unknown>>;
  /** Which citations the request wants back as annotations. */
  citations?: CitationLimits;
  /** Whether the request asked for the pages' images as annotations (`with_images`). */
  images?: boolean;
}

/**
 * A run as a Responses API `response`: status, the research progress as a reasoning item and the
 * answer as a message (once there is one), usage, and the error of a run that failed.
 */
export function responseObject(record: RunRecord, events: readonly ResearchEvent[], echo: ResponseEcho = {}) {
  const result = record.result;
  const status = statusOf(record);
  const progress = events.map(progressLine).filter(Boolean).join('');
  const ended = status === 'completed' && result;
  const waiting = record.status === 'needs_input' ? inputState(events).pending?.request : undefined;
  const failure = status === 'failed' ? runFailure(record, echo.fields ?? {}) : undefined;
  return {
    id: responseIdOf(record.id),
    object: 'response' as const,
    created_at: Math.floor(Date.parse(record.createdAt) / 1000),
    status,
    background: echo.background ?? false,
    model: typeof record.options.model === 'string' ? record.options.model : '',
    output: [
      reasoningItem(record.id, progress),
      ...(ended
        ? [
            messageItem(
              record.id,
              result.answer,
              result.references,
              echo.citations,
              echo.images ? result.images : [],
            ),
          ]
        : []),
      ...(waiting ? [messageItem(record.id, inputMessage(waiting, record.id), [])] : []),
    ],
    usage: responseUsage(record.usage),
    error: failure ? { code: failure.code, message: failure.message } : null,
    incomplete_details: null,
    instructions: echo.instructions ?? null,
    metadata: {},
    parallel_tool_calls: false,
    previous_response_id: echo.previousResponseId ?? null,
    reasoning: { effort: null, summary: 'detailed' as const },
    store: true,
    temperature: null,
    text: { format: { type: 'text' as const } },
    tool_choice: 'none' as const,
    tools: [],
    top_p: null,
    truncation: 'disabled' as const,
  };
}
