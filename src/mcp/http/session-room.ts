/** What the room-making rules need to know of an open session. */
export interface SessionState {
  /** Id of the token that opened it (`anonymous`/`local` without auth). */
  client: string;
  /** When it last received or sent a message, in ms. */
  lastActive: number;
  /** Requests received and not yet answered: a call running. */
  pending: number;
}

/** The session to close to make room for a new one, or why none can be opened now. */
export type RoomDecision = { evict?: string } | { refused: string };

/** The least recently active session with no call running, among `entries`. */
function oldestIdle(entries: ReadonlyArray<[string, SessionState]>): string | undefined {
  let oldest: [string, SessionState] | undefined;
  for (const entry of entries) {
    if (entry[1].pending > 0) continue;
    if (!oldest || entry[1].lastActive < oldest[1].lastActive) oldest = entry;
  }
  return oldest?.[0];
}

/**
 * Makes room for a session of `client`: a client at `maxPerClient` gives up its own least recently
 * active idle session; a server at `maxSessions` gives up the least recently active idle session of
 * anyone. Sessions running a call are never closed: when only those are left, the new one is
 * refused. So one token can hold at most `maxPerClient` sessions, never the whole server.
 */
export function makeRoom(options: {
  sessions: ReadonlyMap<string, SessionState>;
  client: string;
  maxSessions: number;
  maxPerClient: number;
}): RoomDecision {
  const all = [...options.sessions];
  const own = all.filter(([, session]) => session.client === options.client);
  if (own.length >= options.maxPerClient) {
    const evict = oldestIdle(own);
    return evict
      ? { evict }
      : {
          refused: `This client already has ${options.maxPerClient} MCP sessions, each running a call; wait for one to finish or close one (DELETE /mcp with its Mcp-Session-Id).`,
        };
  }
  if (all.length >= options.maxSessions) {
    const evict = oldestIdle(all);
    return evict
      ? { evict }
      : { refused: `Too many MCP sessions (${options.maxSessions}) running calls; retry later.` };
  }
  return {};
}
