/**
 * Issue 14's search strategy through the real CLI: the planner's time range and the run's
 * `--language` reach the search provider, and a planner that floods the search action with
 * empty and repeated rewrites is clipped, not fatal.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cooperativeResearcher } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakeChatRequest } from '../src/testing/fake-llm-server.js';
import { runCli } from './helpers/run-cli.js';

let world: DemoWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** The cooperative researcher, with its search actions changed by `change`. */
function withSearch(change: (action: Record<string, unknown>) => Record<string, unknown>) {
  return (request: FakeChatRequest): string => {
    const text = cooperativeResearcher(request);
    try {
      const reply = JSON.parse(text);
      if (reply?.action?.type === 'search') return JSON.stringify({ ...reply, action: change(reply.action) });
    } catch {
      // Not JSON (an answer): as it is.
    }
    return text;
  };
}

describe('search strategy through the CLI', () => {
  it('sends the planner time range and --language to the provider', async () => {
    world = await startDemoWorld({ script: withSearch((action) => ({ ...action, timeRange: 'week' })) });
    const run = await runCli([
      'What happened to the Eiffel Tower this week?',
      ...world.args,
      '--language',
      'de',
      '--no-direct-answer',
      '--json',
      '--quiet',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const first = world.search.requests[0];
    expect(first?.get('time_range')).toBe('week');
    expect(first?.get('language')).toBe('de');
    expect(JSON.parse(run.stdout).status).toMatch(/completed|best_effort/);
  }, 90_000);

  it('clips a flood of empty and repeated rewrites with an unknown language, and still answers', async () => {
    world = await startDemoWorld({
      script: withSearch((action) => ({
        ...action,
        queries: [...Array(20).fill(''), ...Array(30).fill((action.queries as string[])[0])],
        language: 'klingonese',
      })),
    });
    const run = await runCli([
      'When was the Eiffel Tower completed?',
      ...world.args,
      '--no-direct-answer',
      '--json',
      '--quiet',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.status).toBe('completed');
    expect(result.answer).toMatch(/1889/);
    // One query per search action reaches the provider, never 50, and no language it does not know.
    expect(world.search.requests.length).toBeLessThanOrEqual(4);
    for (const request of world.search.requests) expect(request.get('language')).not.toBe('klingonese');
  }, 90_000);
});
