import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cooperativeResearcher, requestParts } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { runCli } from './helpers/run-cli.js';

const question = 'When was the Eiffel Tower completed?';
let world: DemoWorld;

beforeAll(async () => {
  // The model researches until it has findings, then never answers its next step: the run is
  // still going, with findings, when Ctrl-C comes.
  world = await startDemoWorld({
    script: (request) => {
      const { prompt, properties } = requestParts(request);
      if (properties && 'action' in properties && /^- F\d+ /m.test(prompt)) return { hang: true };
      return cooperativeResearcher(request);
    },
  });
});
afterAll(async () => {
  await world.close();
});

/**
 * Ctrl-C once, after the first finding is printed. Once: a second Ctrl-C ends the CLI at once without
 * its answer, and every chunk of progress that came within the delay used to send another.
 */
function cancelAfterFindings(child: ChildProcess): void {
  let seen = '';
  let sent = false;
  child.stderr?.on('data', (chunk) => {
    seen += chunk;
    if (sent || !/\+ F\d+ /.test(seen)) return;
    sent = true;
    setTimeout(() => child.kill('SIGINT'), 200);
  });
}

describe('deepresearch "question" cancelled with Ctrl-C', () => {
  it('says its findings were not checked (cancelled), once, and counts only the findings', async () => {
    const run = await runCli([question, ...world.args, '--no-direct-answer'], {
      onSpawn: cancelAfterFindings,
    });
    expect(run.code, run.stderr).toBe(130);
    const findings = run.stdout.match(/^- .+ \[\d+\]$/gm) ?? [];
    expect(findings.length).toBeGreaterThan(0);
    expect(run.stdout).toContain(`_${findings.length} claims not checked (cancelled)._`);
    expect(run.stdout.match(/not checked \(cancelled\)/g)?.length).toBe(1);
    expect(run.stdout).not.toMatch(/\b0 of \d+ claims supported|Not supported:|0%/);
    expect(run.stdout).not.toContain('quote not verified');
    expect(run.stdout).not.toMatch(/\.\)\./);
    expect(run.stderr).toContain(`claims not checked (cancelled)`);
    expect(run.stderr).not.toMatch(/0\/\d+ claims supported/);
  });

  it('--json: the claims summary tells the unchecked sentences apart from unsupported ones', async () => {
    const run = await runCli([question, ...world.args, '--no-direct-answer', '--json'], {
      onSpawn: cancelAfterFindings,
    });
    expect(run.code, run.stderr).toBe(130);
    const result = JSON.parse(run.stdout);
    expect(result.status).toBe('cancelled');
    expect(result.claims.unsupported).toEqual([]);
    expect(result.claims.unchecked.length).toBe(result.claims.total);
    expect(result.claims.total).toBe((result.answer.match(/^- /gm) ?? []).length);
    for (const claim of result.claims.unchecked) {
      expect(claim.reason).toBe('cancelled');
      expect(claim.text).not.toMatch(/No answer could be written|What the research found/);
    }
  });
});
