/**
 * Sessions API. Stable for the web UI; all bodies are JSON, errors are
 * `{ error: { code, message, field? } }` with the matching status.
 *
 * - `POST /api/runs` body `{ question: string, options?: Partial<ResearchConfig> }` → `201 { id, status,
 *   events_url, websocket_url }` (absolute: under `serve --public-url` when set, else the request's origin).
 *   `options` are merged over the server's flags and validated; `apiKey`, `baseURL`, `searxngUrl` and
 *   `allowHosts` are refused (400 naming `options.<field>`); models may be limited by an allow-list.
 *   With an `Idempotency-Key` header, the same key and body again (same token, within 24 h) answer
 *   `200 { id, status, … }` of the first run (`Idempotent-Replayed: true`) instead of starting another;
 *   the same key with another body is a 422.
 * - `GET /api/runs?status=a,b&limit=50&cursor=…` → `{ runs: RunSummary[], nextCursor? }`, newest first.
 *   RunSummary: `{ id, question, status, model, createdAt, startedAt, endedAt, stopReason, usage, steps,
 *   eventCount }`.
 * - `GET /api/runs/:id` → RunDetail `{ id, question, status, options (no apiKey), createdAt, startedAt,
 *   endedAt, result (ResearchResult or null), usage, metrics, eventCount, error? }`.
 * - `GET /api/runs/:id/sources` → `{ sources: RunSource[] }`; `GET /api/runs/:id/evaluations` →
 *   `{ evaluations: RunEvaluation[] }`.
 * - `GET /api/runs/:id/evaluation` → `{ evaluation: AnswerEvaluation | null }`: the final scores
 *   (relevance, accuracy, completeness, sourceQuality, 0–10) with strengths, weaknesses and
 *   recommendations; null for a run without an answer; 409 until the run has a result.
 * - `POST /api/runs/:id/cancel` → `202 RunDetail`; a queued run is cancelled at once, a running one
 *   ends `cancelled` shortly after. 409 when the run has already ended.
 * - `POST /api/runs/:id/resume` → `202 RunDetail` (status `queued`); only for `interrupted` runs.
 * - `POST /api/runs/:id/input` → `202 RunDetail` (status `queued`): answers a `needs_input` run,
 *   whose `input` says what it waits for: `{ answers: string[] }` (one per clarifying question, in
 *   order; "" skips one) or `{ subQuestions: [{ id?, text, intent?, perspective? }] }` (the plan to
 *   research: a listed id is kept with its text as edited, an item without id is added, an id left
 *   out is dropped). 400 naming the field (`subQuestions[2].text`); 409 `input_already_given` when
 *   answered before, `not_waiting` when the run waits for nothing.
 * - `DELETE /api/runs/:id` → `204`; removes the run and its events (cancelling it first if needed).
 * - `GET /api/runs/:id/report` → `text/markdown`, or `text/html` with `Accept: text/html` or
 *   `?format=html`; `?format=pdf` (`application/pdf`) and `?format=docx` come as attachments named
 *   `deepresearch-<id>.pdf|docx`; 409 until the run has a result. PDF, DOCX and HTML render in worker
 *   threads, at most 2 per token and 8 in all under way or waiting (429 with `Retry-After` past
 *   either); a report rendered before is sent again without rendering.
 * - `POST /api/runs/:id/verify` `{ live?: boolean }` → VerifyReport, kept as the run's `verification`;
 *   `GET /api/runs/:id/archive` → the run's `.warc.gz` as an attachment (see routes/run-archive.ts).
 * - `GET /api/runs/:id/events` (see routes/events.ts) and `GET /api/runs/:id/ws` (routes/ws.ts).
 *
 * Statuses: queued | running | needs_input | completed | best_effort | failed | cancelled | interrupted.
 * A `needs_input` run holds no slot; `GET /api/runs/:id` shows its `input` and `inputDeadline`, after
 * which it is cancelled (stop reason `input_timeout`).
 * With auth on, send `Authorization: Bearer <token>` (or `?access_token=` on GET, for EventSource).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { REPORT_FORMATS, type ReportFormat, RUN_STATUSES, type RunStatus } from '../../../contract/index.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_QUESTION_CHARS } from '../../constants.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../errors.js';
import { refuseUnknownInputFields } from '../input-fields.js';
import { exportReport } from '../report-export.js';
import { runLinks } from '../run-links.js';
import { checkRunSetup, resolveRunOptions } from '../run-options.js';
import { parseWith, readJsonBody } from '../validation.js';
import { owner, type RouteDependencies } from './dependencies.js';
import { addArchiveRoutes } from './run-archive.js';

const createRunBody = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, 'a non-empty question')
      .max(MAX_QUESTION_CHARS, `at most ${MAX_QUESTION_CHARS.toLocaleString('en-US')} characters`),
    options: z.unknown().optional(),
  })
  .strict();

/** `?format=` when given (else HTML for a browser that asks for it, else markdown). */
function reportFormatOf(format: string | undefined, accept: string): ReportFormat {
  if (format === undefined) return accept.includes('text/html') ? 'html' : 'markdown';
  if (!REPORT_FORMATS.includes(format as ReportFormat)) {
    throw new ApiError('invalid_request', `Unknown format "${format}": use ${REPORT_FORMATS.join(', ')}.`, {
      field: 'format',
    });
  }
  return format as ReportFormat;
}

function parseStatusFilter(value: string | undefined): RunStatus[] | undefined {
  if (!value) return undefined;
  const states = value.split(',').map((state) => state.trim());
  for (const state of states) {
    if (!RUN_STATUSES.includes(state as RunStatus)) {
      throw new ApiError('invalid_request', `Unknown status "${state}". Known: ${RUN_STATUSES.join(', ')}.`, {
        field: 'status',
      });
    }
  }
  return states as RunStatus[];
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PAGE_SIZE;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new ApiError('invalid_request', `"limit" must be a whole number from 1 to ${MAX_PAGE_SIZE}.`, {
      field: 'limit',
    });
  }
  return limit;
}

/** The sessions routes under `/api/runs`. */
export function runsRoutes(dependencies: RouteDependencies): Hono<AppEnv> {
  const { runs, policy, idempotency } = dependencies;
  const routes = new Hono<AppEnv>();

  routes.post('/', async (context) => {
    const raw = await readJsonBody(context);
    const body = parseWith(createRunBody, raw);
    const options = resolveRunOptions(body.options, policy);
    await checkRunSetup(options, policy);
    const access = context.get('access');
    let started: { id: string; status: RunStatus } | undefined;
    const { runId, replayed } = await idempotency.start(context, raw, async () => {
      started = await runs.start({ question: body.question, options, ...owner(access) });
      return started.id;
    });
    const record = started ?? (await runs.get(runId, access));
    const links = runLinks({
      runId: record.id,
      requestUrl: context.req.url,
      publicUrl: dependencies.publicUrl,
    });
    return context.json({ id: record.id, status: record.status, ...links }, replayed ? 200 : 201, {
      Location: `/api/runs/${record.id}`,
      ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    });
  });

  routes.get('/', async (context) => {
    const cursor = context.req.query('cursor');
    if (cursor !== undefined && !/^\d+$/.test(cursor)) {
      throw new ApiError('invalid_request', '"cursor" is not a cursor this server gave.', {
        field: 'cursor',
      });
    }
    const status = parseStatusFilter(context.req.query('status'));
    return context.json(
      await runs.list(
        {
          ...(status ? { status } : {}),
          limit: parseLimit(context.req.query('limit')),
          ...(cursor ? { cursor } : {}),
        },
        context.get('access'),
      ),
    );
  });

  routes.get('/:id', async (context) =>
    context.json(await runs.detail(context.req.param('id'), context.get('access'))),
  );

  routes.get('/:id/sources', async (context) =>
    context.json({ sources: await runs.sources(context.req.param('id'), context.get('access')) }),
  );

  routes.get('/:id/sources/:n/screenshot', async (context) => {
    const n = Number(context.req.param('n'));
    const png = await runs.screenshot(context.req.param('id'), n, context.get('access'));
    return context.body(Buffer.from(png), 200, {
      'content-type': 'image/png',
      // The image is the page as it was read: it never changes, and holds what only this client may see.
      'cache-control': 'private, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
    });
  });

  routes.get('/:id/evaluations', async (context) =>
    context.json({ evaluations: await runs.evaluations(context.req.param('id'), context.get('access')) }),
  );

  routes.get('/:id/evaluation', async (context) => {
    const record = await runs.get(context.req.param('id'), context.get('access'));
    if (!record.result) {
      throw new ApiError('conflict', `Run "${record.id}" is ${record.status} and has no result yet.`);
    }
    return context.json({ evaluation: record.result.evaluation ?? null });
  });

  routes.post('/:id/cancel', async (context) => {
    const id = context.req.param('id');
    const access = context.get('access');
    await runs.cancel(id, access);
    return context.json(await runs.detail(id, access), 202);
  });

  routes.post('/:id/resume', async (context) => {
    const id = context.req.param('id');
    const access = context.get('access');
    await runs.resume(id, access);
    return context.json(await runs.detail(id, access), 202);
  });

  routes.post('/:id/input', async (context) => {
    const id = context.req.param('id');
    const access = context.get('access');
    const body = await readJsonBody(context);
    refuseUnknownInputFields(body);
    await runs.answer(id, body, access);
    return context.json(await runs.detail(id, access), 202);
  });

  routes.delete('/:id', async (context) => {
    await runs.remove(context.req.param('id'), context.get('access'));
    return context.body(null, 204);
  });

  routes.get('/:id/report', async (context) => {
    const record = await runs.get(context.req.param('id'), context.get('access'));
    if (!record.result) {
      throw new ApiError('conflict', `Run "${record.id}" is ${record.status} and has no result yet.`);
    }
    const format = reportFormatOf(context.req.query('format'), context.req.header('accept') ?? '');
    // Said here, in this thread: the render pool's workers would word a missing package as a fault.
    const { checkExportPackages } = await import('../../../export/index.js');
    checkExportPackages(format);
    const report = await exportReport({
      client: context.get('client') ?? 'local',
      format,
      question: record.question,
      result: record.result,
    });
    const headers: Record<string, string> = { 'content-type': report.contentType };
    // Binary formats are files to keep: the browser saves them under a name made from the run id.
    if (format === 'pdf' || format === 'docx')
      headers['content-disposition'] =
        `attachment; filename="deepresearch-${record.id.replace(/[^\w-]/g, '')}${report.extension}"`;
    return context.body(
      typeof report.body === 'string' ? report.body : report.body.slice().buffer,
      200,
      headers,
    );
  });

  addArchiveRoutes(routes, dependencies);
  return routes;
}
