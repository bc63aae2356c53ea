/**
 * OpenAI-compatible endpoint: `GET /v1/models` and `POST /v1/chat/completions` (stream and not).
 * Each completion is a run (listed in `/api/runs`, limited by the same concurrency). Streaming sends
 * research progress as `reasoning_content` deltas (or inside `<think>` in `content` with
 * `think_in_content: true`), then the answer as `content` deltas, `url_citation` annotations, a
 * final chunk with `usage`, and `data: [DONE]`. A client that disconnects cancels its run.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { ANSWER_CHUNK_CHARS, DEFAULT_MODEL_ALIAS } from '../../constants.js';
import type { AppEnv } from '../app-env.js';
import { ApiError, openAiErrorBody } from '../errors.js';
import { chunkText, openAiUsage, urlCitations } from '../openai/chunks.js';
import { progressLine } from '../openai/progress.js';
import { parseChatRequest } from '../openai/request.js';
import { runFailure } from '../openai/run-failure.js';
import { choosableModels } from '../run-options.js';
import { readJsonBody } from '../validation.js';
import { owner, type RouteDependencies } from './dependencies.js';

export function openAiRoutes(dependencies: RouteDependencies): Hono<AppEnv> {
  const { runs, policy, now } = dependencies;
  const routes = new Hono<AppEnv>();
  const created = () => Math.floor(now().getTime() / 1000);

  routes.get('/models', (context) => {
    const ids = [DEFAULT_MODEL_ALIAS, ...choosableModels(policy).filter((id) => !id.endsWith(':*'))];
    return context.json({
      object: 'list',
      data: [...new Set(ids)].map((id) => ({ id, object: 'model', created: 0, owned_by: 'deepresearch' })),
    });
  });

  routes.post('/chat/completions', async (context) => {
    const { request, question, options } = await parseChatRequest(await readJsonBody(context), policy);
    const access = context.get('access');
    const record = await runs.start({ question, options, ...owner(access) });
    const id = `chatcmpl-${record.id}`;
    const model = request.model;
    const signal = context.req.raw.signal;

    if (!request.stream) {
      const cancel = () => void runs.cancel(record.id, access).catch(() => undefined);
      signal.addEventListener('abort', cancel);
      const ended = await runs.waitForEnd(record.id);
      signal.removeEventListener('abort', cancel);
      const failure = runFailure(ended, request);
      if (failure) throw failure;
      const events = await runs.events(record.id, { after: -1 }, access);
      const reasoning = events.map(progressLine).filter(Boolean).join('');
      const answer = ended.result?.answer ?? '';
      return context.json({
        id,
        object: 'chat.completion',
        created: created(),
        model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: answer,
              reasoning_content: reasoning,
              annotations: urlCitations(answer, ended.result?.references ?? []),
            },
            finish_reason: 'stop',
          },
        ],
        usage: openAiUsage(ended.usage),
      });
    }

    const controller = new AbortController();
    return streamSSE(context, async (stream) => {
      stream.onAbort(() => {
        controller.abort();
        // The client went away: nobody will read this run's answer.
        void runs.cancel(record.id, access).catch(() => undefined);
      });
      const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
        stream.writeSSE({
          data: JSON.stringify({
            id,
            object: 'chat.completion.chunk',
            created: created(),
            model,
            choices: [{ index: 0, delta, finish_reason: finishReason }],
          }),
        });
      const thinkInContent = request.think_in_content === true;
      let thinking = false;
      let streamedContent = '';
      const reason = async (text: string) => {
        if (!thinkInContent) return chunk({ reasoning_content: text });
        if (!thinking) {
          thinking = true;
          text = `<think>\n${text}`;
        }
        return chunk({ content: text });
      };
      const endThinking = async () => {
        if (thinking) await chunk({ content: '\n</think>\n\n' });
        thinking = false;
      };

      await chunk({ role: 'assistant', content: '' });
      for await (const event of await runs.follow(
        record.id,
        { after: -1, signal: controller.signal },
        access,
      )) {
        if (event.type === 'report-delta') {
          await endThinking();
          streamedContent += event.text;
          await chunk({ content: event.text });
          continue;
        }
        const line = progressLine(event);
        if (line) await reason(line);
      }
      if (controller.signal.aborted) return;
      await endThinking();
      const ended = await runs.waitForEnd(record.id);
      const failure = runFailure(ended, request);
      if (failure || !ended.result) {
        const error = failure ?? new ApiError('internal', 'The research run ended without a result.');
        await stream.writeSSE({ data: JSON.stringify(openAiErrorBody(error)) });
        await stream.writeSSE({ data: '[DONE]' });
        return;
      }
      const answer = ended.result.answer;
      // A report streamed as it was written only needs what was not streamed yet.
      const rest = answer.startsWith(streamedContent)
        ? answer.slice(streamedContent.length)
        : streamedContent
          ? ''
          : answer;
      for (const text of chunkText(rest, ANSWER_CHUNK_CHARS)) await chunk({ content: text });
      const annotations = urlCitations(answer, ended.result.references);
      if (annotations.length > 0) await chunk({ annotations });
      await chunk({}, 'stop');
      await stream.writeSSE({
        data: JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created: created(),
          model,
          choices: [],
          usage: openAiUsage(ended.usage),
        }),
      });
      await stream.writeSSE({ data: '[DONE]' });
    });
  });

  return routes;
}
