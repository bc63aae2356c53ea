/**
 * Issue 39, item 6, through a real `serve`: a server SIGKILLed while a step is under way (a read's
 * pages stored, their findings not yet extracted) and restarted over the same database resumes the
 * run to the outcome of the run that was never interrupted: same status, stop reason and answer. An
 * action in flight when the process died is not a repeated action when it runs again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../src/contract/index.js';
import { towerWorld } from '../src/testing/tower-world.js';
import { readEvents, startServe, stopServe } from './helpers/serve.js';
import { startTowerServers, type TowerServers } from './helpers/tower-servers.js';

const directory = mkdtempSync(join(tmpdir(), 'deepresearch-crash-outcome-'));
let servers: TowerServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const world = towerWorld(2);
const options = { strategy: 'pipeline', breadth: 1, noDirectAnswer: true };

interface Outcome {
  status: string;
  stopReason: string | undefined;
  answer: string | undefined;
}

async function startRun(url: string): Promise<string> {
  const created = await fetch(`${url}/api/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question: world.question, options }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Follows the run's events (after `after`) to its end, then reads its outcome. */
async function outcomeOf(url: string, id: string, after = -1): Promise<Outcome> {
  const events: ResearchEvent[] = [];
  await readEvents(`${url}/api/runs/${id}/events?after=${after}`, events, () =>
    events.some((event) => event.type === 'run-end'),
  );
  const run = (await (await fetch(`${url}/api/runs/${id}`)).json()) as {
    status: string;
    result?: { stopReason?: string; answer?: string };
  };
  return { status: run.status, stopReason: run.result?.stopReason, answer: run.result?.answer };
}

describe('deepresearch serve: a crash changes no outcome', () => {
  it('resumes a run killed between a read and its extraction to the uninterrupted outcome', async () => {
    // Extraction calls are slow, so the kill lands after the read's pages were stored.
    let slow = true;
    servers = await startTowerServers(world, { delayMs: () => (slow ? 1_500 : 0) });

    const reference = await startServe(['--db', join(directory, 'reference.db'), ...servers.args]);
    const expected = await outcomeOf(reference.url, await startRun(reference.url));
    await stopServe(reference.child);
    expect(expected.status).toBe('completed');

    const db = join(directory, 'crashed.db');
    const first = await startServe(['--db', db, ...servers.args]);
    const id = await startRun(first.url);
    const received: ResearchEvent[] = [];
    await readEvents(`${first.url}/api/runs/${id}/events`, received, () =>
      received.some((event) => event.type === 'tool-result' && event.tool === 'read'),
    );
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(received.some((event) => event.type === 'finding')).toBe(false);

    slow = false;
    const second = await startServe(['--db', db, ...servers.args]);
    try {
      const stored = (await (
        await fetch(`${second.url}/api/runs/${id}/events?format=json`)
      ).json()) as ResearchEvent[];
      expect((await fetch(`${second.url}/api/runs/${id}/resume`, { method: 'POST' })).status).toBe(202);
      expect(await outcomeOf(second.url, id, stored.length - 1)).toEqual(expected);
    } finally {
      await stopServe(second.child);
    }
  }, 240_000);
});
