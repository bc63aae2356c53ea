import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
} from '@modelcontextprotocol/sdk/types.js';
import {
  MCP_HTTP_MAX_SESSIONS,
  MCP_HTTP_MAX_SESSIONS_PER_CLIENT,
  MCP_HTTP_SESSION_IDLE_MS,
} from '../constants.js';
import { createBearerCheck } from './bearer.js';
import { makeRoom, type SessionState } from './session-room.js';

/** Settings of `createMcpHttpHandler`. */
export interface McpHttpOptions {
  /** Bearer tokens clients must send (the server's `--auth-token`s); absent or empty: no auth. */
  auth?: { tokens: readonly string[] };
  /**
   * Browser origins allowed to call; a request with any other `Origin` header is refused (403), as
   * the MCP spec asks, against DNS rebinding. `*` allows any. Clients outside browsers send none.
   */
  allowedOrigins?: readonly string[];
  /** Sessions kept at once (default `MCP_HTTP_MAX_SESSIONS`); see `makeRoom`. */
  maxSessions?: number;
  /** Sessions one client (token) keeps at once (default `MCP_HTTP_MAX_SESSIONS_PER_CLIENT`). */
  maxSessionsPerClient?: number;
  /** A session idle this long is closed, in ms (default `MCP_HTTP_SESSION_IDLE_MS`). */
  sessionIdleMs?: number;
  now?: () => number;
}

/**
 * Who is calling: `client` is an id of their token (never the token), or `anonymous`. An app that
 * checked the token itself may pass more (e.g. which runs the caller may see); the session's server
 * is created with it.
 */
export interface McpCaller {
  client: string;
}

/** The handler to mount: `app.all('/mcp', (context) => mcp.handle(context.req.raw))`. */
export interface McpHttpHandler<Caller extends McpCaller = McpCaller> {
  /**
   * Answers one request. `caller`: who an app that checked the request's token itself says is
   * calling; then `auth` is not checked again, and the session belongs to `caller.client`.
   */
  handle(request: Request, caller?: Caller): Promise<Response>;
  /** Sessions open now. */
  readonly sessionCount: number;
  /** Closes every session (cancelling their runs) and stops the idle sweep; for shutdown. */
  close(): Promise<void>;
}

interface Session extends SessionState {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
}

function jsonError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * MCP over Streamable HTTP, in session mode: `initialize` opens a session (its id in the
 * `Mcp-Session-Id` header) with its own server from `createServer`, and later requests of that
 * session reach the same server. Sessions, because a cancellation arrives as a separate POST
 * (`notifications/cancelled`) that must reach the server running the call, and progress of a long
 * `research` call streams on that call's response. A session belongs to the token that opened it;
 * a token holds a bounded number (see `makeRoom`), and sessions idle (no call running) for
 * `sessionIdleMs` are closed. Behind several nodes, route by `Mcp-Session-Id`.
 */
export function createMcpHttpHandler<Caller extends McpCaller = McpCaller>(
  createServer: (caller: Caller | McpCaller) => McpServer,
  options: McpHttpOptions = {},
): McpHttpHandler<Caller> {
  const check = createBearerCheck(options.auth?.tokens ?? []);
  const now = options.now ?? Date.now;
  const idleMs = options.sessionIdleMs ?? MCP_HTTP_SESSION_IDLE_MS;
  const maxSessions = options.maxSessions ?? MCP_HTTP_MAX_SESSIONS;
  const maxPerClient = options.maxSessionsPerClient ?? MCP_HTTP_MAX_SESSIONS_PER_CLIENT;
  const origins = options.allowedOrigins ?? [];
  const sessions = new Map<string, Session>();

  const closeSession = async (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    // Closing the server aborts its in-flight tool calls, so their runs end as cancelled.
    await session.server.close();
  };
  const sweep = () => {
    for (const [id, session] of sessions) {
      if (session.pending === 0 && now() - session.lastActive > idleMs) void closeSession(id);
    }
  };
  const timer = setInterval(sweep, Math.min(idleMs, 60_000));
  timer.unref();

  const openSession = async (request: Request, caller: Caller | McpCaller): Promise<Response> => {
    const client = caller.client;
    sweep();
    const room = makeRoom({ sessions, client, maxSessions, maxPerClient });
    if ('refused' in room) return jsonError(503, 'unavailable', room.refused, { 'retry-after': '60' });
    if (room.evict) await closeSession(room.evict);
    const server = createServer(caller);
    let session: Session | undefined;
    // Requests received before the session exists (the initialize itself) count once it does.
    let early = 0;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        session = { transport, server, client, lastActive: now(), pending: early };
        sessions.set(id, session);
      },
      onsessionclosed: (id) => closeSession(id),
    });
    // Requests in and answers out tell whether a call is running (such a session is never closed
    // for being idle or to make room); every message sent (progress included) counts as activity.
    transport.onmessage = (message) => {
      if (!isJSONRPCRequest(message)) return;
      if (session) session.pending += 1;
      else early += 1;
    };
    const send = transport.send.bind(transport);
    transport.send = (message, sendOptions) => {
      if (session) {
        session.lastActive = now();
        if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
          session.pending = Math.max(0, session.pending - 1);
        }
      } else if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) early -= 1;
      return send(message, sendOptions);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    // Anything but a successful initialize leaves no session behind.
    if (!transport.sessionId) await server.close();
    return response;
  };

  return {
    async handle(request, caller) {
      const origin = request.headers.get('origin');
      if (origin && !origins.includes('*') && !origins.includes(origin)) {
        return jsonError(403, 'forbidden', `Origin ${origin} may not call this MCP endpoint.`);
      }
      const auth = caller ? ({ ok: true, client: caller.client } as const) : check(request);
      if (!auth.ok)
        return jsonError(401, 'unauthorized', auth.message, {
          'www-authenticate': 'Bearer realm="deepresearch"',
        });
      const id = request.headers.get('mcp-session-id');
      if (!id) return openSession(request, caller ?? { client: auth.client });
      const session = sessions.get(id);
      // Another token's session is answered like an unknown one: its existence is not revealed.
      if (!session || session.client !== auth.client) {
        return jsonError(404, 'not_found', 'Unknown or expired MCP session; initialize a new one.');
      }
      session.lastActive = now();
      return session.transport.handleRequest(request);
    },
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      clearInterval(timer);
      await Promise.all([...sessions.keys()].map(closeSession));
    },
  };
}
