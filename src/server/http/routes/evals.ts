/**
 * `GET /api/evals` lists the evaluations `deepresearch eval` left in the server's eval folders
 * (`--eval-dir`), with their summaries; `GET /api/evals/:id` adds their questions, each with the
 * id of its stored run. Eval runs belong to nobody, so with auth only admin tokens see them.
 */
import { Hono } from 'hono';
import type { EvalFolders } from '../../service/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../errors.js';

export function evalsRoutes(folders: EvalFolders): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', async (context) => {
    if (!context.get('access').all) return context.json({ evals: [] });
    return context.json({ evals: await folders.list() });
  });
  routes.get('/:id', async (context) => {
    const id = context.req.param('id');
    const detail = context.get('access').all ? await folders.get(id) : undefined;
    if (!detail) throw new ApiError('not_found', `No evaluation "${id}" on this server.`);
    return context.json(detail);
  });
  return routes;
}
