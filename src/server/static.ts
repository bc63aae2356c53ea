import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MiddlewareHandler } from 'hono';

/** Where `npm run build` puts the web UI (the same from src/ and from dist/). */
export const DEFAULT_WEB_DIRECTORY = fileURLToPath(new URL('../../web/dist', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>DeepResearch</title></head>
<body><h1>DeepResearch server</h1><p>The web UI is not built. Run <code>npm run build</code>, then reload.
The API is at <code>/api/runs</code> and the OpenAI-compatible endpoint at <code>/v1/chat/completions</code>.</p></body></html>`;

async function fileAt(path: string): Promise<Buffer | undefined> {
  try {
    return (await stat(path)).isFile() ? await readFile(path) : undefined;
  } catch {
    // Missing or unreadable: the caller falls back to index.html or a 404.
    return undefined;
  }
}

/**
 * Serves the built web UI from `directory` for GET requests outside `/api` and `/v1`: files as they
 * are, `index.html` for client-side routes (paths without an extension), and a short page saying how
 * to build the UI when it is absent.
 */
export function serveWebUi(options: { directory?: string } = {}): MiddlewareHandler {
  const root = resolve(options.directory ?? DEFAULT_WEB_DIRECTORY);
  return async (context, next) => {
    const path = context.req.path;
    if (context.req.method !== 'GET' || path.startsWith('/api/') || path.startsWith('/v1/')) return next();
    const relative = normalize(decodeURIComponent(path)).replace(/^([/\\])+/, '');
    const target = join(root, relative);
    if (target !== root && !target.startsWith(root + sep)) return next();
    const file = relative && relative !== '.' ? await fileAt(target) : undefined;
    if (file) {
      const type = CONTENT_TYPES[extname(target)] ?? 'application/octet-stream';
      const immutable = relative.startsWith('assets/');
      return context.body(new Uint8Array(file), 200, {
        'content-type': type,
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    if (extname(relative) !== '') return next();
    const index = await fileAt(join(root, 'index.html'));
    if (index)
      return context.body(new Uint8Array(index), 200, { 'content-type': CONTENT_TYPES['.html'] ?? '' });
    return context.html(NOT_BUILT);
  };
}
