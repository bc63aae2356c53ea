import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { engineSections } from '../../../contract/index.js';
import { ANSWER_CHUNK_CHARS } from '../../constants.js';
import type { AppEnv } from '../app-env.js';
import { openAiErrorBody } from '../error-handler.js';
import { ApiError } from '../errors.js';
import { chunkText, openAiUsage, urlCitations } from './chunks.js';
import { citationLimitsOf } from './citation-fields.js';
import { type CompletionRun, cancelRun } from './completion-run.js';
import { followProgress } from './follow-progress.js';
import { imageAnnotations, wantsImages } from './image-fields.js';
import { inputMessage } from './needs-input.js';
import { runFailure } from './run-failure.js';

/** Writes `chat.completion.chunk`s of one completion, and its research progress as reasoning. */
function chunkWriter(stream: SSEStreamingApi, run: CompletionRun, thinkInContent: boolean) {
  const write = (body: Record<string, unknown>) =>
    stream.writeSSE({
      data: JSON.stringify({
        id: run.id,
        object: 'chat.completion.chunk',
        created: run.created(),
        model: run.model,
        ...body,
      }),
    });
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    write({ choices: [{ index: 0, delta, finish_reason: finishReason }] });
  let thinking = false;
  return {
    chunk,
    /** The final chunk: no choices, the usage. */
    usage: (usage: ReturnType<typeof openAiUsage>) => write({ choices: [], usage }),
    /** Progress as `reasoning_content`, or inside `<think>…</think>` in `content` when asked. */
    async reason(text: string) {
      if (!thinkInContent) return chunk({ reasoning_content: text });
      const opening = thinking ? '' : '<think>\n';
      thinking = true;
      return chunk({ content: `${opening}${text}` });
    },
    async endThinking() {
      if (thinking) await chunk({ content: '\n</think>\n\n' });
      thinking = false;
    },
  };
}

/**
 * What of the answer is still to send: a report streamed as it was written only needs the rest,
 * or, when its checked text differs from what was streamed, the sections the engine added after it
 * (the conflicts between its sources, the sentences left out).
 */
function unsent(answer: string, streamed: string): string {
  if (answer.startsWith(streamed)) return answer.slice(streamed.length);
  if (!streamed) return answer;
  const { added } = engineSections(answer);
  return added ? `\n\n${added}` : '';
}

/**
 * `stream: true`: research progress as `reasoning_content` deltas while the run goes (report deltas
 * as `content` as they are written), then the rest of the answer as `content` deltas, the
 * `url_citation` annotations (and with `with_images` the pages' `image_url` ones), a final chunk with `usage`, and `data: [DONE]`. A run without an
 * answer ends the stream with an OpenAI error body. A client that disconnects cancels its run.
 */
export function streamCompletion(
  context: Context<AppEnv>,
  run: CompletionRun,
  options: { thinkInContent: boolean },
): Response {
  const { runs, runId, access } = run;
  const controller = new AbortController();
  return streamSSE(context, async (stream) => {
    stream.onAbort(() => {
      controller.abort();
      // The client went away: nobody will read this run's answer.
      cancelRun(run);
    });
    const writer = chunkWriter(stream, run, options.thinkInContent);
    let streamed = '';
    await writer.chunk({ role: 'assistant', content: '' });
    await followProgress(run, controller.signal, {
      async answer(text) {
        await writer.endThinking();
        streamed += text;
        await writer.chunk({ content: text });
      },
      progress: (line) => writer.reason(line),
    });
    if (controller.signal.aborted) return;
    await writer.endThinking();
    const ended = await runs.waitForEnd(runId);
    const waiting = ended.status === 'needs_input' ? (await runs.detail(runId, access)).input : undefined;
    if (waiting) {
      // The run asks before it researches: its questions are the assistant's message.
      for (const text of chunkText(inputMessage(waiting, runId), ANSWER_CHUNK_CHARS))
        await writer.chunk({ content: text });
      await writer.chunk({}, 'stop');
      await writer.usage(openAiUsage(ended.usage));
      await stream.writeSSE({ data: '[DONE]' });
      return;
    }
    const failure = runFailure(ended, run.request);
    if (failure || !ended.result) {
      const error = failure ?? new ApiError('internal', 'The research run ended without a result.');
      await stream.writeSSE({ data: JSON.stringify(openAiErrorBody(error)) });
      await stream.writeSSE({ data: '[DONE]' });
      return;
    }
    const { answer, references, images } = ended.result;
    for (const text of chunkText(unsent(answer, streamed), ANSWER_CHUNK_CHARS))
      await writer.chunk({ content: text });
    const annotations = [
      ...urlCitations(answer, references, citationLimitsOf(run.request)),
      ...(wantsImages(run.request) ? imageAnnotations(answer, images) : []),
    ];
    if (annotations.length > 0) await writer.chunk({ annotations });
    await writer.chunk({}, 'stop');
    await writer.usage(openAiUsage(ended.usage));
    await stream.writeSSE({ data: '[DONE]' });
  });
}
