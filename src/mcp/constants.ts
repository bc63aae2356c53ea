/**
 * Defaults of the MCP server and client that change behaviour, in one place.
 */

/** Name and version the MCP server announces to hosts. */
export const MCP_SERVER_NAME = 'deepresearch';

/** Largest page text the `read` tool returns, in characters; longer pages are cut and marked. */
export const MCP_READ_MAX_CHARACTERS = 100_000;
/** Results the `search` tool returns when the caller does not say. */
export const MCP_SEARCH_DEFAULT_COUNT = 10;
/** Largest number of results the `search` and `search_corpus` tools return. */
export const MCP_SEARCH_MAX_COUNT = 50;
/** Passages `search_corpus` returns when the caller does not say. */
export const MCP_CORPUS_DEFAULT_LIMIT = 10;

/**
 * Streamable HTTP sessions kept at once, and per client (auth token): past either, the least
 * recently active session without a running call is closed to make room; when every one is running
 * a call, the new one is refused with 503.
 */
export const MCP_HTTP_MAX_SESSIONS = 100;
export const MCP_HTTP_MAX_SESSIONS_PER_CLIENT = 10;
/** A session with no request, answer or progress for this long (and no call running) is closed, in ms. */
export const MCP_HTTP_SESSION_IDLE_MS = 10 * 60 * 1000;

/** Timeout of one call to a tool of a connected MCP server, in milliseconds. */
export const MCP_CLIENT_CALL_TIMEOUT_MS = 60_000;
/** Timeout of connecting to an MCP server (spawn + initialize + list tools), in milliseconds. */
export const MCP_CLIENT_CONNECT_TIMEOUT_MS = 30_000;
/** Hits kept per search of an MCP tool. */
export const MCP_CLIENT_MAX_HITS = 20;
