/**
 * The clients of bench/server-load.ts, in a process of their own so that the server's process does
 * only the server's work: starts N runs at once through `POST /api/runs`, watches each over SSE from
 * the moment it is created, and prints one JSON line `{ ids, delays, elapsedMs }`, where `delays`
 * are the milliseconds from each event's emit (its `at`) to its arrival.
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

const delays: number[] = [];
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
      const at = /"at":"([^"]+)"/.exec(block)?.[1];
      if (/^id: /m.test(block) && at && Date.parse(at) >= connectedAt) delays.push(received - Date.parse(at));
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
console.log(JSON.stringify({ ids, delays, elapsedMs: performance.now() - started }));
