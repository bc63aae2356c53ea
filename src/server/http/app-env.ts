import type { HttpBindings } from '@hono/node-server';
import type { RunAccess } from '../../runs/index.js';

/** What the request context carries: the Node request (when served by Node) and middleware values. */
export interface AppEnv {
  /** Absent for in-process requests (`app.request()`). */
  Bindings: Partial<HttpBindings>;
  Variables: {
    /** Who is calling: a short hash of their token, or their address without auth. Never the token. */
    client: string;
    /** Whose runs the caller may see and change, and who their new runs belong to. */
    access: RunAccess;
  };
}
