import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { openAiUsage, urlCitations } from './chunks.js';
import { citationLimitsOf } from './citation-fields.js';
import { type CompletionRun, cancelRun } from './completion-run.js';
import { imageAnnotations, wantsImages } from './image-fields.js';
import { inputMessage } from './needs-input.js';
import { progressLine } from './progress.js';
import { runFailure } from './run-failure.js';

/**
 * `stream: false`: waits for the run to end, then answers one `chat.completion` with the answer as
 * `content`, the research progress as `reasoning_content`, citations as `url_citation` annotations
 * (with `with_images`, the pages' images as `image_url` ones after them)
 * and the usage. A client that disconnects first cancels its run.
 */
export async function completeWhenDone(context: Context<AppEnv>, run: CompletionRun): Promise<Response> {
  const { runs, runId, access } = run;
  const signal = context.req.raw.signal;
  const cancel = () => cancelRun(run);
  signal.addEventListener('abort', cancel);
  const ended = await runs.waitForEnd(runId);
  signal.removeEventListener('abort', cancel);
  const waiting = ended.status === 'needs_input' ? (await runs.detail(runId, access)).input : undefined;
  const failure = runFailure(ended, run.request);
  if (failure) throw failure;
  const events = await runs.events(runId, { after: -1 }, access);
  const answer = waiting ? inputMessage(waiting, runId) : (ended.result?.answer ?? '');
  return context.json({
    id: run.id,
    object: 'chat.completion',
    created: run.created(),
    model: run.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer,
          reasoning_content: events.map(progressLine).filter(Boolean).join(''),
          annotations: [
            ...urlCitations(answer, ended.result?.references ?? [], citationLimitsOf(run.request)),
            ...(wantsImages(run.request) ? imageAnnotations(answer, ended.result?.images) : []),
          ],
        },
        finish_reason: 'stop',
      },
    ],
    usage: openAiUsage(ended.usage),
  });
}
