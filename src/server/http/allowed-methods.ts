import type { Env, Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';

/** Methods the web UI's files are served for. */
export const STATIC_METHODS = ['GET', 'HEAD'] as const;

/**
 * The methods the app's routes take at a path, from its route table (middleware excluded): what a
 * 405 lists in `Allow`. GET implies HEAD. Built on first use, once every route is registered.
 */
export function routeMethods<E extends Env>(app: Hono<E>): (path: string) => string[] {
  let router: TrieRouter<string> | undefined;
  return (path) => {
    if (!router) {
      router = new TrieRouter<string>();
      for (const route of app.routes) {
        // Every route under ALL, so that one lookup finds the routes of every method at the path.
        if (route.method !== 'ALL') router.add('ALL', route.path, route.method);
      }
    }
    const methods = new Set(router.match('GET', path)[0].map(([method]) => method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods];
  };
}
