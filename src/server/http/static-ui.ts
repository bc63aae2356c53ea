import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

/** Where `npm run build` puts the web UI (the same from src/ and from dist/). */
export const DEFAULT_WEB_DIRECTORY = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>DeepResearch</title></head>
<body><h1>DeepResearch server</h1><p>The web UI is not built. Run <code>npm run build</code>, then reload.
The API is at <code>/api/runs</code> and the OpenAI-compatible endpoint at <code>/v1/chat/completions</code>.</p></body></html>`;

/** Paths the UI routes itself (`/`, `/runs/<id>`, `/dashboard`): no file extension, plain characters. */
const CLIENT_ROUTE = /^\/[\w\-/]*$/;

/** Hashed bundles (in `/assets/`) never change under their name; everything else is revalidated. */
function withCacheControl(response: Response | undefined, path: string): Response | undefined {
  const immutable = path.startsWith('/assets/');
  response?.headers.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  return response;
}

/**
 * Serves the built web UI from `directory` for GET and HEAD requests outside `/api` and `/v1`
 * (`serveStatic` of @hono/node-server: no `..`, no encoded characters, files streamed), with
 * `index.html` for the UI's own routes, and a short page saying how to build the UI when it is
 * absent. Anything else falls through to the 404 handler.
 */
export function serveWebUi(options: { directory?: string } = {}): MiddlewareHandler {
  const root = resolve(options.directory ?? DEFAULT_WEB_DIRECTORY);
  const index = join(root, 'index.html');
  // Created once the UI exists, so that building it while the server runs needs no restart.
  let files: MiddlewareHandler | undefined;
  let fallback: MiddlewareHandler | undefined;
  return async (context, next) => {
    const path = context.req.path;
    const method = context.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || path.startsWith('/api/') || path.startsWith('/v1/'))
      return next();
    if (!existsSync(index)) return CLIENT_ROUTE.test(path) ? context.html(NOT_BUILT) : next();
    files ??= serveStatic({ root });
    fallback ??= serveStatic({ root, path: 'index.html' });
    let missing = false;
    const served = await files(context, async () => {
      missing = true;
    });
    if (!missing) return withCacheControl(served ?? undefined, path);
    if (!CLIENT_ROUTE.test(path)) return next();
    return withCacheControl((await fallback(context, next)) ?? undefined, '/index.html');
  };
}
