/**
 * The clients of bench/cluster.ts: each starts a run on one API node and follows it over SSE on
 * another (cross-node delivery), reconnecting with `?after=<last index>` to the next node when its
 * stream drops (a node restarting), and keeps every event index it received.
 */

/** One run as a client saw it. */
export interface FollowedRun {
  id: string;
  /** Indexes in the order they arrived, duplicates included. */
  received: number[];
}

/** One live event a client got: which, its `at` and when it arrived (ms since the epoch). */
export interface Delivery {
  runId: string;
  index: number;
  at: number;
  arrived: number;
}

/** Where the clients send their requests; `nodes()` is asked again on every connection. */
export interface ClientOptions {
  nodes: () => string[];
  runs: number;
  /** Runs started and followed at once. */
  inFlight: number;
  /** Live events (stored after their stream opened) as they arrive go here. */
  deliveries: Delivery[];
  /** Told each time a run has ended (for faults injected mid-way). */
  onRunEnded?: (ended: number) => void;
}

/**
 * `fetch` as a polite client: a 429 (the server's per-client rate limit, which one bench client
 * starting hundreds of runs a minute reaches) is sent again after its `Retry-After`.
 */
export async function politeFetch(url: string, init?: RequestInit): Promise<Response> {
  for (;;) {
    const response = await fetch(url, init);
    if (response.status !== 429) return response;
    await response.body?.cancel();
    const seconds = Number(response.headers.get('retry-after') ?? 1);
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 1) * 1000));
  }
}

/** Attempts at a start whose connection dropped (an api node restarting), 250 ms apart. */
const START_ATTEMPTS = 120;

/**
 * Starts a run on one of `nodes()`, the `index`-th first. A start cut off by a node restarting is
 * sent again with the same `Idempotency-Key`, to the next node: the nodes share their keys, so
 * a start that reached the database gives back its run rather than a second one.
 */
async function startRun(nodes: () => string[], index: number): Promise<string> {
  const key = `bench-${process.pid}-${index}`;
  for (let attempt = 0; ; attempt++) {
    const listed = nodes();
    const url = listed[(index + attempt) % listed.length] as string;
    const response = await politeFetch(`${url}/api/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ question: `When was the Eiffel Tower completed? (${index})` }),
    }).catch((error: unknown) => {
      if (attempt + 1 >= START_ATTEMPTS) throw error;
      return undefined;
    });
    if (!response) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    if (response.status !== 201 && response.status !== 200) {
      throw new Error(`POST /api/runs answered ${response.status}`);
    }
    return ((await response.json()) as { id: string }).id;
  }
}

/** Reads one SSE connection; resolves true once `run-end` came, false when the stream dropped. */
async function readStream(url: string, run: FollowedRun, deliveries: Delivery[]): Promise<boolean> {
  const after = run.received.length > 0 ? Math.max(...run.received) : -1;
  const response = await politeFetch(`${url}/api/runs/${run.id}/events?after=${after}`).catch(
    () => undefined,
  );
  const reader = response?.body?.getReader();
  if (!reader || response?.status !== 200) return false;
  const connectedAt = Date.now();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const chunk = await reader.read().catch(() => undefined);
    if (!chunk || chunk.done) return false;
    const arrived = Date.now();
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      if (id !== undefined) {
        run.received.push(Number(id));
        const at = Date.parse(/"at":"([^"]+)"/.exec(block)?.[1] ?? '');
        // Events stored before the stream opened are replays, not live deliveries: not timed.
        if (at >= connectedAt) deliveries.push({ runId: run.id, index: Number(id), at, arrived });
        if (/"type":"run-end"/.test(block)) return true;
      }
      end = buffer.indexOf('\n\n');
    }
  }
}

/** Starts `runs` runs, `inFlight` at a time, and follows each to its `run-end`. */
export async function runClients(options: ClientOptions): Promise<FollowedRun[]> {
  const runs: FollowedRun[] = [];
  let next = 0;
  let ended = 0;
  const lane = async () => {
    for (let index = next++; index < options.runs; index = next++) {
      const id = await startRun(options.nodes, index);
      const run: FollowedRun = { id, received: [] };
      runs.push(run);
      for (let attempt = index + 1; ; attempt++) {
        const nodes = options.nodes();
        if (await readStream(nodes[attempt % nodes.length] as string, run, options.deliveries)) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      options.onRunEnded?.(++ended);
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, lane));
  return runs;
}
