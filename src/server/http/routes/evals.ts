/**
 * `GET /api/evals` lists the evaluations `deepresearch eval` left in the server's eval folders
 * (`--eval-dir`), with their summaries; `GET /api/evals/:id` adds their questions, each with the
 * id of its stored run. Eval runs belong to nobody, so with auth only admin tokens see them. The
 * eval module loads on the first request.
 */
import { Hono } from 'hono';
import type { EvalFolders } from '../../../eval/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../errors.js';

export function evalsRoutes(options: { roots: readonly string[] }): Hono<AppEnv> {
  let folders: Promise<EvalFolders> | undefined;
  const load = () =>
    (folders ??= import('../../../eval/index.js').then((evaluation) =>
      evaluation.createEvalFolders({ roots: options.roots }),
    ));
  const routes = new Hono<AppEnv>();
  routes.get('/', async (context) => {
    if (!context.get('access').all) return context.json({ evals: [] });
    return context.json({ evals: await (await load()).list() });
  });
  routes.get('/:id', async (context) => {
    const id = context.req.param('id');
    const detail = context.get('access').all ? await (await load()).get(id) : undefined;
    if (!detail) throw new ApiError('not_found', `No evaluation "${id}" on this server.`);
    return context.json(detail);
  });
  return routes;
}
