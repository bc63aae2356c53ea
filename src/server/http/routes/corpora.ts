/**
 * `GET /api/corpora` — the folders the operator registered with `serve --corpus`, by id, with
 * their index figures (never their paths). `POST /api/corpora/:id/reindex` — brings one index up
 * to date (changed files only); admins only when auth is on. Runs pick corpora by id in
 * `options.corpora`.
 */
import { Hono } from 'hono';
import type { CorpusList } from '../../../contract/index.js';
import type { CorpusRegistry } from '../../../runs/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../errors.js';
import type { RouteDependencies } from './dependencies.js';

export function corporaRoutes(
  dependencies: RouteDependencies,
  registry: CorpusRegistry | undefined,
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', (context) => context.json({ corpora: registry?.list() ?? [] } satisfies CorpusList));
  routes.post('/:id/reindex', async (context) => {
    if (!context.get('access').all) {
      throw new ApiError('forbidden', 'Only an admin token may re-index a corpus.');
    }
    const id = context.req.param('id');
    if (!registry) throw new ApiError('not_found', `No corpus "${id}"; the server has none registered.`);
    return context.json(await registry.reindex(id, dependencies.now));
  });
  return routes;
}
