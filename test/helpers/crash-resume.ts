import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import type { ResearchEvent } from '../../src/contract/index.js';
import { readEvents } from './serve.js';

/**
 * Starts a run on a `serve` whose model is slow, reads its first events while it is still running,
 * then SIGKILLs the server: the run is cut off mid-way. Resolves with its id and the events sent.
 */
export async function startRunAndKill(server: {
  url: string;
  child: ChildProcess;
}): Promise<{ id: string; received: ResearchEvent[] }> {
  const created = await fetch(`${server.url}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'When was the Eiffel Tower completed?' }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const received: ResearchEvent[] = [];
  await readEvents(`${server.url}/api/runs/${id}/events`, received, () => received.length >= 4);
  expect(
    received.some((event) => event.type === 'run-end'),
    JSON.stringify(received),
  ).toBe(false);
  server.child.kill('SIGKILL');
  await new Promise((resolve) => server.child.once('exit', resolve));
  return { id, received };
}

/**
 * On the server restarted over the same database: the run is `interrupted` with every event it had
 * sent kept in order, and resuming it continues from the next index to an answer.
 */
export async function expectInterruptedAndResumed(url: string, id: string, received: ResearchEvent[]) {
  const run = (await (await fetch(`${url}/api/runs/${id}`)).json()) as { status: string };
  expect(run.status).toBe('interrupted');
  const stored = (await (await fetch(`${url}/api/runs/${id}/events?format=json`)).json()) as ResearchEvent[];
  expect(stored.slice(0, received.length)).toEqual(received);
  expect(stored.map((event) => event.index)).toEqual(stored.map((_, index) => index));

  expect((await fetch(`${url}/api/runs/${id}/resume`, { method: 'POST' })).status).toBe(202);
  const rest: ResearchEvent[] = [];
  await readEvents(`${url}/api/runs/${id}/events?after=${stored.length - 1}`, rest, () => false);
  expect(rest[0]?.index).toBe(stored.length);
  expect(rest.at(-1)?.type).toBe('run-end');
  const resumed = (await (await fetch(`${url}/api/runs/${id}`)).json()) as {
    status: string;
    result: { answer: string };
  };
  expect(['completed', 'best_effort']).toContain(resumed.status);
  expect(resumed.result.answer).toContain('1889');
}
