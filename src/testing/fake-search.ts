import type { SearchProvider, SearchRequest, SearchResult } from '../search/index.js';
import { abortableDelay } from '../shared/index.js';

/** A result as a script writes it; `provider` defaults to the fake's id. */
export type FakeSearchResult = Omit<SearchResult, 'provider'> & { provider?: string };

/** What one search call answers: results, or an Error to throw. */
export type FakeSearchReply = FakeSearchResult[] | Error;

/**
 * The fake's script: one reply for every call, a list of replies played back in order (the last
 * one repeats), or a function of the request.
 */
export type FakeSearchScript =
  | FakeSearchResult[]
  | FakeSearchReply[]
  | ((request: SearchRequest) => FakeSearchReply | Promise<FakeSearchReply>);

export interface FakeSearchOptions {
  /** Provider id (default `fake`). */
  id?: string;
  /** Latency of every call, in milliseconds; aborts with the request's signal. */
  delayMs?: number;
}

/** A SearchProvider for tests, recording every request it got. */
export interface FakeSearch extends SearchProvider {
  /** Requests received, in order (without their signals). */
  readonly calls: Omit<SearchRequest, 'signal'>[];
}

function isReplyList(script: FakeSearchScript): script is FakeSearchReply[] {
  return (
    Array.isArray(script) && script.length > 0 && (Array.isArray(script[0]) || script[0] instanceof Error)
  );
}

/** Creates a scripted search provider. */
export function createFakeSearch(script: FakeSearchScript, options: FakeSearchOptions = {}): FakeSearch {
  const id = options.id ?? 'fake';
  const calls: Omit<SearchRequest, 'signal'>[] = [];
  const replyFor = async (request: SearchRequest, callIndex: number): Promise<FakeSearchReply> => {
    if (typeof script === 'function') return script(request);
    if (isReplyList(script)) return script[Math.min(callIndex, script.length - 1)] ?? [];
    return script as FakeSearchResult[];
  };
  return {
    id,
    calls,
    async search(request) {
      const { signal, ...recorded } = request;
      calls.push(recorded);
      const callIndex = calls.length - 1;
      await abortableDelay(options.delayMs ?? 0, signal);
      const reply = await replyFor(request, callIndex);
      if (reply instanceof Error) throw reply;
      return reply.map((result) => ({ ...result, provider: result.provider ?? id }));
    },
  };
}
