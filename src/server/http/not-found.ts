import type { Context } from 'hono';
import { STATIC_METHODS } from './allowed-methods.js';
import { ApiError } from './errors.js';

/** Whether the path belongs to the API (routes) rather than the web UI (files). */
function isApiPath(path: string): boolean {
  return path === '/health' || /^\/(api|v1)(\/|$)/.test(path);
}

/**
 * What answers when no route did: 405 with `Allow` when the path has routes for other methods (the
 * web UI's paths take GET and HEAD), else 404.
 */
export function notFound(methodsAt: (path: string) => string[]) {
  return (context: Context): never => {
    const { method, path } = context.req;
    const allow = isApiPath(path) ? methodsAt(path) : [...STATIC_METHODS];
    if (allow.length > 0 && !allow.includes(method)) {
      throw new ApiError(
        'method_not_allowed',
        `${method} is not allowed on ${path}; use ${allow.join(' or ')}.`,
        {
          allow,
        },
      );
    }
    throw new ApiError('not_found', `No route for ${method} ${path}.`);
  };
}
