/**
 * The compute sandbox behind the real server: bad programs (an infinite loop, a memory bomb, deep
 * recursion, a huge output, reaching for process, require, fetch, the Function constructor, a
 * syntax error) each end their step with a clear observation; the server answers while a program
 * spins, and another run computes and finishes meanwhile.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createComputeSandbox } from '../src/compute/index.js';
import { parseResearchConfig } from '../src/config/schemas.js';
import type { ResearchEvent, ResearchResult } from '../src/contract/index.js';
import { research } from '../src/research/index.js';
import {
  COMPUTE_PAGES,
  COMPUTE_QUESTION,
  COMPUTE_RESULTS,
  computeResearcher,
  PERCENT_CHANGE_PROGRAM,
} from '../src/testing/compute-world.js';
import { createFakeReader } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import { makeTestApp } from '../src/testing/server-test-app.js';

const TOKEN = 'compute-token';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

/** Every bad program of the issue, and the error code its step ends with. */
const BAD_PROGRAMS: [string, string][] = [
  ['while (true) {}', 'compute_timeout'],
  [
    'const parts = []; while (true) parts.push(new Array(1e5).fill(parts.length));',
    'compute_(memory|timeout)',
  ],
  ['function deeper(n) { return deeper(n + 1) + 1; }\nreturn deeper(0);', 'compute_stack'],
  ['return "x".repeat(100000);', 'compute_output_too_large'],
  ['return process.env;', 'compute_program_error'],
  ['return require("child_process").execSync("id").toString();', 'compute_program_error'],
  ['return fetch("http://127.0.0.1:1/");', 'compute_program_error'],
  ['return globalThis.constructor.constructor("return process")().exit(1);', 'compute_program_error'],
  ['return (1 + ;', 'compute_syntax'],
];

/**
 * Programs that attack the limits from inside, and the error code each step ends with: a replaced
 * `JSON.stringify` that hands back an object of length 0 whose text is 3 MB (the sandbox's own
 * JSON gives `{"a":1}`, the same on any inputs), a 3 MB error message, the real clock through
 * `Date.prototype.constructor` (read beside an input, so the input check alone would pass it).
 */
const HOSTILE_PROGRAMS: [string, string][] = [
  [
    'JSON.stringify = () => ({ length: 0, toString: () => "x".repeat(3e6) }); return { a: 1 };',
    'compute_ignores_inputs',
  ],
  ['throw new Error("x".repeat(3e6));', 'compute_program_error'],
  ['return inputs.F1.numbers[0] + new Date.prototype.constructor().getTime();', 'compute_program_error'],
];

const SPIN_QUESTION = `${COMPUTE_QUESTION} (a program that never ends)`;
const HOSTILE_QUESTION = `${COMPUTE_QUESTION} (programs that attack the limits)`;
const BAD_QUESTION = `${COMPUTE_QUESTION} (every bad program)`;
const GOOD_QUESTION = `${COMPUTE_QUESTION} (the percentage change)`;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function startServer(timeMs: number) {
  const server = makeTestApp({
    runner: research,
    config: parseResearchConfig({ maxSteps: 12, maxConsecutiveFailures: 20 }),
    capabilities: {
      llm: computeResearcher({
        programs: [PERCENT_CHANGE_PROGRAM],
        programsFor: {
          [SPIN_QUESTION]: ['while (true) {}', PERCENT_CHANGE_PROGRAM],
          [BAD_QUESTION]: [...BAD_PROGRAMS.map(([program]) => program), PERCENT_CHANGE_PROGRAM],
          [HOSTILE_QUESTION]: [...HOSTILE_PROGRAMS.map(([program]) => program), PERCENT_CHANGE_PROGRAM],
          [GOOD_QUESTION]: [PERCENT_CHANGE_PROGRAM],
        },
      }),
      searchProviders: [createFakeSearch(COMPUTE_RESULTS)],
      reader: createFakeReader(COMPUTE_PAGES),
      compute: createComputeSandbox({ limits: { timeMs } }),
    },
    authTokens: [TOKEN],
    requestsPerMinute: 10_000,
  });
  closers.push(() => server.runs.shutdown({ graceMs: 0 }));
  return server;
}

type Server = ReturnType<typeof startServer>;

async function start(server: Server, question: string): Promise<string> {
  const created = await server.app.request('/api/runs', {
    method: 'POST',
    headers,
    body: JSON.stringify({ question, options: { noDirectAnswer: true } }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Waits for the run to end (its event stream closes then) and returns its result and events. */
async function finished(
  server: Server,
  id: string,
): Promise<{ result: ResearchResult; events: ResearchEvent[] }> {
  await (await server.app.request(`/api/runs/${id}/events`, { headers })).text();
  const detail = (await (await server.app.request(`/api/runs/${id}`, { headers })).json()) as {
    result: ResearchResult;
  };
  return { result: detail.result, events: await server.store.listEvents(id) };
}

/** Resolves once the run has an event matching `test`; polls the store, yielding to the loop between looks. */
async function eventOf(
  server: Server,
  id: string,
  test: (event: ResearchEvent) => boolean,
): Promise<ResearchEvent> {
  for (;;) {
    const found = (await server.store.listEvents(id)).find(test);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const computeResults = (events: ResearchEvent[]) =>
  events.filter((event) => event.type === 'tool-result' && event.tool === 'compute') as Extract<
    ResearchEvent,
    { type: 'tool-result' }
  >[];

describe('the compute sandbox behind the server', () => {
  it('answers /health and finishes another run while a program spins', { timeout: 300_000 }, async () => {
    // A limit far past what the test needs: the program spins until its run is cancelled.
    const server = startServer(600_000);
    const spinning = await start(server, SPIN_QUESTION);
    await eventOf(server, spinning, (event) => event.type === 'tool-call' && event.tool === 'compute');
    const health = await server.app.request('/health');
    expect(health.status).toBe(200);
    const other = await finished(server, await start(server, GOOD_QUESTION));
    // Both answered while the program still ran: its result was not there yet.
    const spinEvents = await server.store.listEvents(spinning);
    expect(computeResults(spinEvents)).toEqual([]);
    expect(other.result.status).toBe('completed');
    expect(other.result.references.find((reference) => reference.computation)?.verified).toBe(true);
    const cancel = await server.app.request(`/api/runs/${spinning}/cancel`, { method: 'POST', headers });
    expect(cancel.status).toBeLessThan(300);
    const spun = await finished(server, spinning);
    const [stopped] = computeResults(spun.events);
    expect(stopped?.error?.code).toBe('compute_cancelled');
    expect(spun.result.status).toBe('cancelled');
  });

  it('ends every bad program as a failed step with a clear observation; the run and the next one go on', {
    timeout: 300_000,
  }, async () => {
    const server = startServer(1_000);
    const { result, events } = await finished(server, await start(server, BAD_QUESTION));
    const results = computeResults(events);
    expect(results).toHaveLength(BAD_PROGRAMS.length + 1);
    BAD_PROGRAMS.forEach(([, code], index) => {
      expect(results[index]?.ok).toBe(false);
      expect(results[index]?.error?.code).toMatch(new RegExp(`^${code}$`));
    });
    expect(results.at(-1)).toMatchObject({ ok: true, output: { output: '25.0%' } });
    const observations = events.flatMap((event) => (event.type === 'observation' ? [event.text] : []));
    for (const text of [
      "'process' is not defined",
      "'require' is not defined",
      "'fetch' is not defined",
      'does not parse',
      'use a loop instead of recursion',
      'return only the figures',
    ])
      expect(
        observations.some((observation) => observation.includes(text)),
        text,
      ).toBe(true);
    expect(result.answer).toContain('25.0%');
    expect((await server.app.request('/health')).status).toBe(200);
    const next = await finished(server, await start(server, GOOD_QUESTION));
    expect(next.result.status).toBe('completed');
  });

  it('keeps a hostile program to its output limit and off the clock: the run stores kilobytes, not megabytes', {
    timeout: 300_000,
  }, async () => {
    const server = startServer(1_000);
    const { result, events } = await finished(server, await start(server, HOSTILE_QUESTION));
    const results = computeResults(events);
    expect(results.map((event) => event.error?.code ?? 'ok')).toEqual([
      ...HOSTILE_PROGRAMS.map(([, code]) => code),
      'ok',
    ]);
    expect(results[2]?.error?.message).toMatch(/not available: a computation must give the same output/);
    // The 3 MB text of the first two programs reached neither the events nor the answer.
    expect(JSON.stringify(events).length).toBeLessThan(300_000);
    expect(result.answer).toContain('25.0%');
    expect(result.references.filter((reference) => reference.computation)).toHaveLength(1);
  });

  it('takes compute: false from a client: no program runs', async () => {
    const server = startServer(300);
    const created = await server.app.request('/api/runs', {
      method: 'POST',
      headers,
      body: JSON.stringify({ question: GOOD_QUESTION, options: { compute: false } }),
    });
    const { id } = (await created.json()) as { id: string };
    const { events } = await finished(server, id);
    expect(computeResults(events)).toEqual([]);
  });
});
