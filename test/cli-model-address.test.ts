import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

// A model server at a port fetch refuses (1, 22, 6000…: the Fetch standard's "bad ports") can never
// be reached: the run ends at its first call with the message a closed port gets, not after a
// round of retries and failed steps.

/** A question to a model server at port 1, whatever the search (it is never reached). */
const atBadPort = [
  'When was the Eiffel Tower completed?',
  '--model',
  'openai-compatible:fake',
  '--base-url',
  'http://127.0.0.1:1/v1',
  '--search',
  'wikipedia',
  '--no-direct-answer',
];

describe('deepresearch with a model server on a port fetch refuses', () => {
  it('fails at once saying to start the server or fix its address, cost n/a', async () => {
    const run = await runCli([...atBadPort, '--json']);
    expect(run.code, run.stderr).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result.status).toBe('failed');
    expect(result.stopReason).toBe('model_unreachable');
    expect(result.error.message).toMatch(
      /^Cannot reach the model server of openai-compatible:fake at http:\/\/127\.0\.0\.1:1 \(port 1 is one that fetch refuses to connect to\)\. Start the server, or fix its address/,
    );
    expect(result.llmCalls).toBe(1);
    expect(result.steps).toBe(0);
    expect(result.usage.costUsd).toBeNull();
    expect(run.stderr).not.toMatch(/bad port|repeated_failures/);
  });

  it('prints cost n/a, never $0.0000, for the failed run of a model without a price', async () => {
    const run = await runCli(atBadPort);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Finished: failed \(model_unreachable\).*cost n\/a/);
    expect(run.stderr).not.toContain('$0.0000');
  });
});
