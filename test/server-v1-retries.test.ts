/**
 * LangChain's ChatOpenAI retries a 424 whatever `x-should-retry` says. Against a real `serve` whose
 * fake model refuses every call (so every run fails), one call LangChain retries twice starts one
 * run: each retry gets the same failure, naming the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatOpenAI } from '@langchain/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { startServe, stopServe } from './helpers/serve.js';

let world: DemoWorld;
let server: Awaited<ReturnType<typeof startServe>>;
// A database of its own: the default one (in the data folder under the helper's HOME) is shared by
// every run of the suite on this machine, and once it held 50 runs the list this test counts in
// (one page) stopped growing.
const folder = mkdtempSync(join(tmpdir(), 'v1-retries-'));
beforeAll(async () => {
  world = await startDemoWorld({
    script: {
      status: 401,
      body: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } },
    },
  });
  server = await startServe([...world.args, '--db', join(folder, 'runs.db')]);
}, 90_000);
afterAll(async () => {
  await stopServe(server?.child);
  await world?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A fetch that records the status and the `run_id` of every answer LangChain's client gets. */
function recordingFetch() {
  const answers: { status: number; runId: string | undefined }[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = (await response.clone().json()) as { error?: { run_id?: string } };
    answers.push({ status: response.status, runId: body.error?.run_id });
    return response;
  };
  return { answers, recording };
}

async function runCount(): Promise<number> {
  return ((await (await fetch(`${server.url}/api/runs`)).json()) as { runs: unknown[] }).runs.length;
}

describe('a client that retries a failed run', () => {
  for (const useResponsesApi of [false, true]) {
    it(`starts one run for a call ChatOpenAI retries (${useResponsesApi ? '/v1/responses' : '/v1/chat/completions'})`, async () => {
      const before = await runCount();
      const { answers, recording } = recordingFetch();
      const model = new ChatOpenAI({
        model: 'deepresearch',
        apiKey: 'unused',
        maxRetries: 2,
        useResponsesApi,
        configuration: { baseURL: `${server.url}/v1`, fetch: recording },
      });
      const question = `When was the Eiffel Tower completed? (${useResponsesApi ? 'responses' : 'chat'})`;
      await expect(model.invoke(question)).rejects.toMatchObject({ status: 424 });
      expect(answers.map((answer) => answer.status)).toEqual([424, 424, 424]);
      const [first] = answers;
      expect(first?.runId).toEqual(expect.any(String));
      expect(answers.every((answer) => answer.runId === first?.runId)).toBe(true);
      expect(await runCount()).toBe(before + 1);
      const run = (await (await fetch(`${server.url}/api/runs/${first?.runId}`)).json()) as {
        status: string;
      };
      expect(run.status).toBe('failed');
    }, 90_000);
  }
});
