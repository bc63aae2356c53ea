import { afterEach, describe, expect, it } from 'vitest';
import { cooperativeResearcher, requestParts } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakeChatRequest } from '../src/testing/fake-llm-server.js';
import { runCli } from './helpers/run-cli.js';

const question = 'When was the Eiffel Tower completed?';
let world: DemoWorld | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
});

/**
 * The cooperative researcher, but its writer misstates the height and the year of every answer
 * and adds a sentence citing nothing; its judge calls every sentence supported.
 */
function misstatingResearcher(request: FakeChatRequest): string {
  const { properties, system } = requestParts(request);
  if (!properties && !system.includes('needs no research')) {
    const text = cooperativeResearcher(request);
    const cited = /\[F\d+\]/.exec(text)?.[0] ?? '';
    return `The tower was completed in 1899 ${cited}. It is repainted every 7 years at a cost of 4 million euros.`;
  }
  const reply = cooperativeResearcher(request);
  if (properties && 'verdicts' in properties) {
    const parsed = JSON.parse(reply) as { verdicts: { claim: number }[] };
    return JSON.stringify({
      verdicts: parsed.verdicts.map((item) => ({ claim: item.claim, verdict: 'supported', reason: 'Fine.' })),
    });
  }
  return reply;
}

describe('deepresearch with a writer that misstates its sources', () => {
  it('removes the unsupported sentences, lists them, and ends unsupported_claims in --json', async () => {
    world = await startDemoWorld({ script: misstatingResearcher });
    const run = await runCli([question, ...world.args, '--json', '--no-direct-answer', '--max-steps', '4']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.status).toBe('best_effort');
    expect(result.stopReason).toBe('unsupported_claims');
    expect(result.claims.supported).toBe(0);
    expect(result.claims.unsupported.map((claim: { text: string }) => claim.text)).toEqual([
      'The tower was completed in 1899.',
      'It is repainted every 7 years at a cost of 4 million euros.',
    ]);
    const [answer, listed] = result.answer.split('## Could not be verified');
    expect(answer).not.toContain('1899');
    expect(listed).toContain('“The tower was completed in 1899.”');
    expect(listed).toContain('cites no quote');
  });

  it('prints the stop reason in words, and refuses a --min-support outside 0–1', async () => {
    world = await startDemoWorld({ script: misstatingResearcher });
    const run = await runCli([question, ...world.args, '--no-direct-answer', '--max-steps', '4']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('## Could not be verified');
    expect(run.stdout).toContain('_Status: best effort.');
    // The progress line's last line words the status and keeps the machine code of why it stopped.
    expect(run.stderr).toContain('Finished: best effort (unsupported_claims)');
    expect(run.stdout).toContain('too few of the answer’s sentences were supported');
    const bad = await runCli([question, ...world.args, '--min-support', '1.5']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--min-support');
    expect(bad.stderr).toContain('a number from 0 to 1');
  });
});
