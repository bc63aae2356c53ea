/**
 * The OpenAI Responses API, `/v1/responses`, as OpenAI serves its own deep-research models: each
 * response is a run (listed in `/api/runs`, limited by the same concurrency, auth and extra fields
 * as `/v1/chat/completions`). The output holds the research progress as a reasoning item (its
 * summary) and the answer as a message whose `output_text` carries `url_citation` annotations.
 *
 * - `POST /v1/responses` `{ model, input, instructions?, previous_response_id?, stream?, background?,
 *   reasoning?: { effort? }, …extra fields }`: waits for the run (or streams it, or with
 *   `background: true` answers the queued response at once).
 *   With `clarify: true` a run may ask first: the response's message holds the questions, and a
 *   request with `previous_response_id` set to it answers them (its last user input) and continues
 *   the same run.
 * - `GET /v1/responses/:id` (`?stream=true` streams it from the start, `?with_images=true` adds the
 *   pages' images), `POST /v1/responses/:id/cancel`,
 *   `DELETE /v1/responses/:id`.
 */
import { Hono } from 'hono';
import { RunServiceError } from '../../../runs/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../errors.js';
import { citationLimitsOf } from '../openai/citation-fields.js';
import { cancelRun } from '../openai/completion-run.js';
import { imagesQuery, wantsImages } from '../openai/image-fields.js';
import { inputOfReply } from '../openai/needs-input.js';
import { runFailure } from '../openai/run-failure.js';
import {
  type EarlierExchange,
  lastUserText,
  parseResponsesRequest,
  requestFields,
  researchOf,
} from '../responses/request.js';
import { type ResponseEcho, responseIdOf, responseObject, runIdOf } from '../responses/response-object.js';
import { type ResponseRun, streamResponse } from '../responses/stream.js';
import { readJsonBody } from '../validation.js';
import { owner, type RouteDependencies } from './dependencies.js';

export function responsesRoutes(dependencies: RouteDependencies): Hono<AppEnv> {
  const { runs, policy, idempotency } = dependencies;
  const routes = new Hono<AppEnv>();

  /** The question, answer and references of an earlier response of the same caller, for a follow-up. */
  async function earlierExchange(
    responseId: string,
    run: Pick<ResponseRun, 'access'>,
  ): Promise<EarlierExchange> {
    const field = 'previous_response_id';
    const record = await runs.get(runIdOf(responseId, field), run.access).catch((error: unknown) => {
      if (error instanceof RunServiceError && error.code === 'run_not_found') {
        throw new ApiError('invalid_request', `No response with id "${responseId}".`, { field });
      }
      throw error;
    });
    if (!record.result?.answer) {
      throw new ApiError(
        'invalid_request',
        `Response "${responseId}" is ${record.status} and has no answer to follow up on.`,
        { field },
      );
    }
    return { question: record.question, answer: record.result.answer, references: record.result.references };
  }

  /** The run of an earlier response that waits for input, with what it waits for; else undefined. */
  async function waitingRunOf(responseId: string, run: Pick<ResponseRun, 'access'>) {
    const runId = runIdOf(responseId, 'previous_response_id');
    const detail = await runs.detail(runId, run.access).catch(() => undefined);
    return detail?.status === 'needs_input' && detail.input ? { id: runId, input: detail.input } : undefined;
  }

  routes.post('/', async (context) => {
    const body = await readJsonBody(context);
    const request = parseResponsesRequest(body);
    const access = context.get('access');
    // A reply to the clarifying questions of a waiting response continues its run.
    const waiting = request.previous_response_id
      ? await waitingRunOf(request.previous_response_id, { access })
      : undefined;
    const earlier =
      request.previous_response_id && !waiting
        ? await earlierExchange(request.previous_response_id, { access })
        : undefined;
    const { question, options } = await researchOf(request, earlier, policy);
    const { runId, replayed } = await idempotency.start(
      context,
      body,
      async () => {
        if (waiting) {
          await runs.answer(waiting.id, inputOfReply(waiting.input, lastUserText(request)), access);
          return waiting.id;
        }
        return (await runs.start({ question, options, ...owner(access) })).id;
      },
      { replayFailures: true },
    );
    if (replayed) context.header('Idempotent-Replayed', 'true');
    const echo: ResponseEcho = {
      background: request.background === true,
      previousResponseId: request.previous_response_id ?? null,
      instructions: request.instructions ?? null,
      fields: requestFields(request),
      citations: citationLimitsOf(request),
      images: wantsImages(request),
    };
    const run: ResponseRun = {
      runs,
      runId,
      access,
      echo,
      outlivesClient: request.background === true || context.req.header('idempotency-key') !== undefined,
    };
    if (request.stream) return streamResponse(context, run);
    if (request.background) {
      return context.json(responseObject(await runs.get(runId, access), [], echo));
    }
    const signal = context.req.raw.signal;
    const cancel = () => cancelRun(run);
    signal.addEventListener('abort', cancel);
    const ended = await runs.waitForEnd(runId);
    signal.removeEventListener('abort', cancel);
    const failure = runFailure(ended, echo.fields ?? {});
    if (failure) throw failure;
    return context.json(responseObject(ended, await runs.events(runId, { after: -1 }, access), echo));
  });

  routes.get('/:id', async (context) => {
    const runId = runIdOf(context.req.param('id'));
    const access = context.get('access');
    const echo: ResponseEcho = { images: imagesQuery(context.req.query('with_images')) };
    const record = await runs.get(runId, access);
    if (context.req.query('stream') === 'true') {
      return streamResponse(context, { runs, runId, access, echo, outlivesClient: true });
    }
    return context.json(responseObject(record, await runs.events(runId, { after: -1 }, access), echo));
  });

  routes.post('/:id/cancel', async (context) => {
    const runId = runIdOf(context.req.param('id'));
    const access = context.get('access');
    await runs.cancel(runId, access);
    const ended = await runs.waitForEnd(runId);
    return context.json(responseObject(ended, await runs.events(runId, { after: -1 }, access)));
  });

  routes.delete('/:id', async (context) => {
    const id = context.req.param('id');
    await runs.remove(runIdOf(id), context.get('access'));
    return context.json({ id: responseIdOf(runIdOf(id)), object: 'response.deleted', deleted: true });
  });

  return routes;
}
