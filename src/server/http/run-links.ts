/** Where a client follows a run live: its SSE stream and its WebSocket, as absolute URLs. */
export interface RunLinks {
  /** `GET /api/runs/:id/events` (SSE, `Last-Event-ID` resume). */
  events_url: string;
  /** `GET /api/runs/:id/ws` as a `ws:` or `wss:` URL. */
  websocket_url: string;
}

/**
 * The links of a run, under the operator's public URL when set (its path kept: a server behind a
 * proxy at `https://example.com/research/`), else under the origin the request reached.
 */
export function runLinks(options: {
  runId: string;
  requestUrl: string;
  publicUrl?: string | undefined;
}): RunLinks {
  const base = options.publicUrl ? new URL(options.publicUrl) : new URL(new URL(options.requestUrl).origin);
  const path = `${base.pathname.replace(/\/+$/, '')}/api/runs/${encodeURIComponent(options.runId)}`;
  const events = new URL(`${path}/events`, base.origin);
  const socket = new URL(`${path}/ws`, base.origin);
  socket.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return { events_url: events.href, websocket_url: socket.href };
}
