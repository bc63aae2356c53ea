/**
 * OpenAI-compatible endpoint: `GET /v1/models` and `POST /v1/chat/completions` (stream and not).
 * Each completion is a run (listed in `/api/runs`, limited by the same concurrency). Streaming sends
 * research progress as `reasoning_content` deltas (or inside `<think>` in `content` with
 * `think_in_content: true`), then the answer as `content` deltas, `url_citation` annotations, a
 * final chunk with `usage`, and `data: [DONE]`. A client that disconnects cancels its run, unless
 * it sent an `Idempotency-Key`: then sending the request again gets the same run's answer.
 * With `clarify: true` a run may ask clarifying questions first: they come back as the assistant's
 * message (naming the waiting run), and the next request, whose last user message answers them
 * after that assistant message, continues the same run (see `openai/needs-input.ts`).
 */
import { Hono } from 'hono';
import { DEFAULT_MODEL_ALIAS } from '../../constants.js';
import type { AppEnv } from '../app-env.js';
import { completeWhenDone } from '../openai/complete.js';
import type { CompletionRun } from '../openai/completion-run.js';
import { continueWaitingRun } from '../openai/needs-input.js';
import { parseChatRequest } from '../openai/request.js';
import { streamCompletion } from '../openai/stream.js';
import { choosableModels } from '../run-options.js';
import { readJsonBody } from '../validation.js';
import { owner, type RouteDependencies } from './dependencies.js';

export function openAiRoutes(dependencies: RouteDependencies): Hono<AppEnv> {
  const { runs, policy, now, idempotency } = dependencies;
  const routes = new Hono<AppEnv>();

  routes.get('/models', (context) => {
    const ids = [DEFAULT_MODEL_ALIAS, ...choosableModels(policy).filter((id) => !id.endsWith(':*'))];
    return context.json({
      object: 'list',
      data: [...new Set(ids)].map((id) => ({ id, object: 'model', created: 0, owned_by: 'deepresearch' })),
    });
  });

  routes.post('/chat/completions', async (context) => {
    const body = await readJsonBody(context);
    const { request, question, options } = await parseChatRequest(body, policy);
    const access = context.get('access');
    const { runId, replayed } = await idempotency.start(
      context,
      body,
      async () => {
        // A reply to a run's clarifying questions continues that run instead of starting one.
        const continued = await continueWaitingRun(runs, request.messages, access);
        return continued ?? (await runs.start({ question, options, ...owner(access) })).id;
      },
      { replayFailures: true },
    );
    if (replayed) context.header('Idempotent-Replayed', 'true');
    const run: CompletionRun = {
      runs,
      runId,
      access,
      id: `chatcmpl-${runId}`,
      model: request.model,
      request,
      created: () => Math.floor(now().getTime() / 1000),
      outlivesClient: context.req.header('idempotency-key') !== undefined,
    };
    return request.stream
      ? streamCompletion(context, run, { thinkInContent: request.think_in_content === true })
      : completeWhenDone(context, run);
  });

  return routes;
}
