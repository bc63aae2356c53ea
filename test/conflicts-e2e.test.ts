import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { runCli } from './helpers/run-cli.js';
import { startServe, stopServe } from './helpers/serve.js';

const question = 'How tall is the Eiffel Tower?';

/** Two pages that disagree on the tower's height (330 metres, 300 m) and agree on its weight. */
const pages = {
  '/tower-facts': `<!doctype html><html lang="en"><head><title>Tower facts</title></head><body><article>
<p>The Eiffel Tower is 330 metres tall, counting its antennas.</p>
<p>The whole structure of the Eiffel Tower weighs about 10,100 tonnes.</p></article></body></html>`,
  '/tower-guide': `<!doctype html><html lang="en"><head><title>Tower guide</title></head><body><article>
<p>The Eiffel Tower is 300 m tall, as first built.</p>
<p>The whole structure of the Eiffel Tower weighs about 10100 tonnes.</p></article></body></html>`,
};

let world: DemoWorld | undefined;
let server: ChildProcess | undefined;

afterEach(async () => {
  await stopServe(server);
  server = undefined;
  await world?.close();
  world = undefined;
});

/** The conflict a run over `pages` reports, its values' sources on the page server at `origin`. */
const heightConflict = (origin: string) => ({
  subQuestion: 'q1',
  about: 'The Eiffel Tower is … tall',
  values: [
    { value: '330 metres', findingIds: [expect.stringMatching(/^F\d+$/)], urls: [`${origin}/tower-facts`] },
    { value: '300 m', findingIds: [expect.stringMatching(/^F\d+$/)], urls: [`${origin}/tower-guide`] },
  ],
});

describe('sources that differ, end to end', () => {
  it('are listed by the CLI in --json', { timeout: 90_000 }, async () => {
    world = await startDemoWorld({ pages });
    const json = await runCli([question, ...world.args, '--json', '--no-direct-answer']);
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result.conflicts).toEqual([heightConflict(world.pages.origin)]);
    // The cooperative writer states both heights, each citing its source.
    expect(result.answer).toMatch(/330 (metres|m) tall[^.]*\[\d\]/);
    expect(result.answer).toMatch(/300 m tall[^.]*\[\d\]/);
  });

  it('are listed by the CLI under the printed answer', { timeout: 90_000 }, async () => {
    world = await startDemoWorld({ pages });
    const printed = await runCli([question, ...world.args, '--no-direct-answer']);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toMatch(
      /Sources differ:[\s\S]*The Eiffel Tower is … tall: 330 metres \[\d\], 300 m \[\d\]/,
    );
  });

  it('are in the server’s run detail and its markdown export', { timeout: 90_000 }, async () => {
    world = await startDemoWorld({ pages });
    const directory = await mkdtemp(join(tmpdir(), 'deepresearch-conflicts-'));
    const started = await startServe(
      ['--db', join(directory, 'runs.db'), ...world.args, '--no-direct-answer'],
      {
        timeoutMs: 30_000,
      },
    );
    server = started.child;
    const created = await fetch(`${started.url}/api/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    let detail: { status: string; result: { conflicts?: unknown } | null } = {
      status: 'queued',
      result: null,
    };
    while (!['completed', 'best_effort', 'failed', 'cancelled'].includes(detail.status)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = await (await fetch(`${started.url}/api/runs/${id}`)).json();
    }
    expect(detail.status).toBe('completed');
    expect(detail.result?.conflicts).toEqual([heightConflict(world.pages.origin)]);
    const report = await (await fetch(`${started.url}/api/runs/${id}/report`)).text();
    expect(report).toMatch(
      /_Sources differ:_\n\n- The Eiffel Tower is … tall: 330 metres \[\d\], 300 m \[\d\]/,
    );
  });
});
