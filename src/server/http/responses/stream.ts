import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { Reference, RunImage } from '../../../contract/index.js';
import type { RunAccess, RunManager } from '../../../runs/index.js';
import { inputState } from '../../../runs/index.js';
import { ANSWER_CHUNK_CHARS } from '../../constants.js';
import type { AppEnv } from '../app-env.js';
import { chunkText } from '../openai/chunks.js';
import type { CitationLimits } from '../openai/citation-fields.js';
import { cancelRun } from '../openai/completion-run.js';
import { followProgress } from '../openai/follow-progress.js';
import { inputMessage } from '../openai/needs-input.js';
import { annotationsOf, itemIds, messageItem, type ResponseEcho, responseObject } from './response-object.js';

/** A response's run, started or fetched: what the stream works from. */
export interface ResponseRun {
  runs: RunManager;
  runId: string;
  access: RunAccess;
  /** The run goes on when the client disconnects (background, or an `Idempotency-Key`). */
  outlivesClient: boolean;
  echo: ResponseEcho;
}

const REASONING_INDEX = 0;
const MESSAGE_INDEX = 1;

/** Writes the Responses API's stream events, each with its `sequence_number`. */
function eventWriter(stream: SSEStreamingApi) {
  let sequence = 0;
  return (type: string, body: Record<string, unknown>) =>
    stream.writeSSE({ event: type, data: JSON.stringify({ type, sequence_number: sequence++, ...body }) });
}

/** The message item's events: opened, text deltas, one event per citation, closed. */
function messageWriter(write: ReturnType<typeof eventWriter>, runId: string) {
  const id = itemIds(runId).message;
  const at = { item_id: id, output_index: MESSAGE_INDEX, content_index: 0 };
  let open = false;
  let text = '';
  return {
    async delta(delta: string) {
      if (!open) {
        open = true;
        const item = { id, type: 'message', role: 'assistant', status: 'in_progress', content: [] };
        await write('response.output_item.added', { output_index: MESSAGE_INDEX, item });
        const part = { type: 'output_text', text: '', annotations: [], logprobs: [] };
        await write('response.content_part.added', { ...at, part });
      }
      text += delta;
      if (delta) await write('response.output_text.delta', { ...at, delta, logprobs: [] });
    },
    text: () => text,
    async close(
      answer: string,
      references: readonly Reference[],
      limits?: CitationLimits,
      images: readonly RunImage[] = [],
    ) {
      if (!open) await this.delta('');
      const annotations = annotationsOf(answer, references, limits, images);
      for (const [index, annotation] of annotations.entries()) {
        await write('response.output_text.annotation.added', { ...at, annotation_index: index, annotation });
      }
      await write('response.output_text.done', { ...at, text: answer, logprobs: [] });
      const part = { type: 'output_text', text: answer, annotations, logprobs: [] };
      await write('response.content_part.done', { ...at, part });
      await write('response.output_item.done', {
        output_index: MESSAGE_INDEX,
        item: messageItem(runId, answer, references, limits, images),
      });
    },
  };
}

/** The reasoning item's events: opened, one summary part whose text streams, closed. */
function reasoningWriter(write: ReturnType<typeof eventWriter>, runId: string) {
  const id = itemIds(runId).reasoning;
  const at = { item_id: id, output_index: REASONING_INDEX, summary_index: 0 };
  let text = '';
  let closed = false;
  return {
    async open() {
      const item = { id, type: 'reasoning', summary: [] };
      await write('response.output_item.added', { output_index: REASONING_INDEX, item });
      await write('response.reasoning_summary_part.added', {
        ...at,
        part: { type: 'summary_text', text: '' },
      });
    },
    async delta(delta: string) {
      if (closed) return;
      text += delta;
      await write('response.reasoning_summary_text.delta', { ...at, delta });
    },
    async close() {
      if (closed) return;
      closed = true;
      const part = { type: 'summary_text', text };
      await write('response.reasoning_summary_text.done', { ...at, text });
      await write('response.reasoning_summary_part.done', { ...at, part });
      const item = { id, type: 'reasoning', summary: text ? [part] : [] };
      await write('response.output_item.done', { output_index: REASONING_INDEX, item });
    },
  };
}

/** What of the answer is still to send: a report streamed as it was written only needs the rest. */
function unsent(answer: string, streamed: string): string {
  if (answer.startsWith(streamed)) return answer.slice(streamed.length);
  return streamed ? '' : answer;
}

/**
 * `stream: true`: `response.created` and `response.in_progress`, the research progress as a
 * reasoning summary (`response.reasoning_summary_text.delta`) while the run goes, then the answer
 * as a message (`response.output_text.delta`, one `response.output_text.annotation.added` per
 * citation) and `response.completed` with the usage; a run without an answer ends with
 * `response.failed`, whose response carries the status (`failed`, `cancelled`) and the error.
 * A client that disconnects cancels its run unless the run outlives it.
 */
export function streamResponse(context: Context<AppEnv>, run: ResponseRun): Response {
  const { runs, runId, access } = run;
  const controller = new AbortController();
  return streamSSE(context, async (stream) => {
    stream.onAbort(() => {
      controller.abort();
      cancelRun(run);
    });
    const write = eventWriter(stream);
    const started = await runs.get(runId, access);
    const opening = { ...responseObject(started, [], run.echo), output: [] };
    await write('response.created', { response: opening });
    await write('response.in_progress', { response: { ...opening, status: 'in_progress' } });
    const reasoning = reasoningWriter(write, runId);
    const message = messageWriter(write, runId);
    await reasoning.open();
    await followProgress(run, controller.signal, {
      async answer(text) {
        await reasoning.close();
        await message.delta(text);
      },
      progress: (line) => reasoning.delta(line),
    });
    if (controller.signal.aborted) return;
    await reasoning.close();
    const ended = await runs.waitForEnd(runId);
    const events = await runs.events(runId, { after: -1 }, access);
    const final = responseObject(ended, events, run.echo);
    const waiting = ended.status === 'needs_input' ? inputState(events).pending?.request : undefined;
    if (waiting) {
      // The run asks before it researches: its questions are the message.
      const questions = inputMessage(waiting, runId);
      await message.delta(questions);
      await message.close(questions, []);
      await write('response.completed', { response: final });
      return;
    }
    if (final.status !== 'completed' || !ended.result) {
      await write('response.failed', { response: final });
      return;
    }
    const { answer, references, images } = ended.result;
    for (const text of chunkText(unsent(answer, message.text()), ANSWER_CHUNK_CHARS))
      await message.delta(text);
    await message.close(answer, references, run.echo.citations, run.echo.images ? images : []);
    await write('response.completed', { response: final });
  });
}
