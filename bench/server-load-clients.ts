/**
 * The clients of bench/server-load.ts, in a process of their own so that the server's process does
 * only the server's work: starts N runs at once through `POST /api/runs`, watches each over SSE from
 * the moment it is created, and prints one JSON line `{ ids, receipts, elapsedMs }`: for each event
 * emitted after its stream opened, its run, index, type, emit time (its `at`) and arrival time, in
 * ms of the wall clock.
 *
 *   node --import tsx bench/server-load-clients.ts URL RUNS
 */
import { performance } from 'node:perf_hooks';

const [url, runs] = process.argv.slice(2);
if (!url || !runs) throw new Error('usage: server-load-clients.ts URL RUNS');

const startRun = async (question: string) => {
  const response = await fetch(`${url}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  return ((await response.json()) as { id: string }).id;
};

const receipts: { runId: string; index: number; type: string; at: number; received: number }[] = [];
/**
 * Opens a run's event stream. A kept-alive connection the busy server closes as it is reused fails
 * the request before it is sent (ECONNRESET): it is opened again, up to three times.
 */
const openEvents = async (id: string, attempt = 1): Promise<Response> => {
  try {
    return await fetch(`${url}/api/runs/${id}/events`);
  } catch (error) {
    if (attempt >= 3) throw error;
    return openEvents(id, attempt + 1);
  }
};

const watch = async (id: string) => {
  const response = await openEvents(id);
  // Events emitted before the stream opened are replays, not deliveries: they are not timed.
  const connectedAt = Date.now();
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) return;
    const received = Date.now();
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (/^id: /m.test(block) && data) {
        const event = JSON.parse(data) as { runId: string; index: number; type: string; at: string };
        const at = Date.parse(event.at);
        if (at >= connectedAt)
          receipts.push({ runId: event.runId, index: event.index, type: event.type, at, received });
      }
      end = buffer.indexOf('\n\n');
    }
  }
};

const started = performance.now();
const ids: string[] = [];
await Promise.all(
  Array.from({ length: Number(runs) }, async (_, index) => {
    const id = await startRun(`When was the Eiffel Tower completed? (${index})`);
    ids.push(id);
    await watch(id);
  }),
);
console.log(JSON.stringify({ ids, receipts, elapsedMs: performance.now() - started }));
