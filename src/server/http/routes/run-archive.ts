import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.js';
import { parseWith, readJsonBody } from '../validation.js';
import type { RouteDependencies } from './dependencies.js';

const verifyBody = z.object({ live: z.boolean().optional() }).strict();

/**
 * The archive routes of `/api/runs/:id`: `POST verify` re-checks the run's quotes (against its archive,
 * and with `{ live: true }` the live pages) and answers the report; `GET archive` sends the archive as
 * a file to keep. It holds hostile pages, so it goes out as opaque bytes with a policy that allows
 * nothing: no browser renders it or runs what it holds.
 */
export function addArchiveRoutes(routes: Hono<AppEnv>, dependencies: Pick<RouteDependencies, 'runs'>): void {
  const { runs } = dependencies;

  routes.post('/:id/verify', async (context) => {
    const body = parseWith(verifyBody, await readJsonBody(context));
    return context.json(
      await runs.verify(context.req.param('id'), body.live ?? false, context.get('access')),
    );
  });

  routes.get('/:id/archive', async (context) => {
    const id = context.req.param('id');
    const warc = await runs.archive(id, context.get('access'));
    return context.body(Buffer.from(warc), 200, {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="deepresearch-${id.replace(/[^\w-]/g, '')}.warc.gz"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    });
  });
}
