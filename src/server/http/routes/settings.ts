/**
 * `GET /api/settings` — what the web UI offers: the server's default model and search, the models
 * a client may name, and which search providers this server can use (a keyed provider without its
 * key cannot). Nothing about where the server connects or with which key.
 */
import { Hono } from 'hono';
import { SEARCH_PROVIDER_IDS, type ServerSettings } from '../../../contract/index.js';
import { ConfigError } from '../../../errors.js';
import type { AppEnv } from '../app-env.js';
import { choosableModels, type RunOptionsPolicy } from '../run-options.js';
import type { RouteDependencies } from './dependencies.js';

/** Whether a run searching only `provider` would pass the policy's setup check. */
async function usable(policy: RunOptionsPolicy, provider: string): Promise<boolean> {
  if (!policy.checkSetup) return true;
  try {
    await policy.checkSetup({ ...policy.defaults, search: [provider] });
    return true;
  } catch (error) {
    if (error instanceof ConfigError) return false;
    throw error;
  }
}

export function settingsRoutes(dependencies: RouteDependencies): Hono<AppEnv> {
  const { policy } = dependencies;
  const routes = new Hono<AppEnv>();
  routes.get('/', async (context) => {
    const searchProviders = await Promise.all(
      SEARCH_PROVIDER_IDS.map(async (id) => ({ id, usable: await usable(policy, id) })),
    );
    const settings: ServerSettings = {
      model: policy.defaults.model,
      models: choosableModels(policy).filter((id) => !id.endsWith(':*')),
      search: [...policy.defaults.search],
      searchProviders,
    };
    return context.json(settings);
  });
  return routes;
}
