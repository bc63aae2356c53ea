import type { MessagePort } from 'node:worker_threads';
import { DeepResearchError } from '../../errors.js';
import type { Source, SourceCache } from '../../reader/index.js';
import type { CachedMessage, FromResearchThread } from './messages.js';

/**
 * The server's source cache as a research thread sees it: each get and put is a message to the
 * thread that serves HTTP, which answers from its cache (the database's, shared by every run and
 * thread), its failures included. `answer` takes the server's `cached` replies.
 */
export function threadSourceCache(port: MessagePort): SourceCache & { answer(message: CachedMessage): void } {
  const waiting = new Map<
    number,
    { resolve(source: Source | undefined): void; reject(error: unknown): void }
  >();
  let nextId = 1;
  const ask = (request: { get: string } | { put: Source; ttlMs: number }) => {
    const requestId = nextId++;
    return new Promise<Source | undefined>((resolve, reject) => {
      waiting.set(requestId, { resolve, reject });
      port.postMessage({ type: 'cache', requestId, ...request } satisfies FromResearchThread);
    });
  };
  return {
    get: (url) => ask({ get: url }),
    async put(source, ttlMs) {
      await ask({ put: source, ttlMs });
    },
    answer({ requestId, source, error }) {
      const pending = waiting.get(requestId);
      waiting.delete(requestId);
      if (error) pending?.reject(new DeepResearchError(error));
      else pending?.resolve(source);
    },
  };
}
