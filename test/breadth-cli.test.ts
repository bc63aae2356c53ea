/**
 * Issue 41 through the real CLI: research in breadth spends a tight budget where it pays, holds the
 * budget against a model server that bills more than it was asked for, gives an answer under a step
 * cap below the number of sub-questions, and follows up what it learned with --depth. The world (the
 * tower world of src/testing: eight sub-questions, three agreeing pages each) is served over HTTP:
 * a model server, a SearXNG-shaped search and a page server on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type TowerWorld, towerWorld } from '../src/testing/tower-world.js';
import { runCli } from './helpers/run-cli.js';
import { startTowerServers, type TowerCost, type TowerServers } from './helpers/tower-servers.js';

let servers: TowerServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

interface CliResult {
  status: string;
  stopReason: string;
  answer: string;
  steps: number;
  usage: { totalTokens: number };
  claims: { supported: number };
  references: { url: string }[];
}

/** One CLI run of `world` with `flags`, its model server billing as `cost` says. */
async function cliRun(world: TowerWorld, flags: string[], cost?: TowerCost) {
  servers = await startTowerServers(world, { cost });
  const run = await runCli(
    [world.question, ...servers.args, '--no-direct-answer', '--json', '--quiet', ...flags],
    { timeoutMs: 240_000 },
  );
  expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
  const result = JSON.parse(run.stdout) as CliResult;
  const { bill, queries } = servers;
  await servers.close();
  servers = undefined;
  return { run, result, bill, queries };
}

/** A model server that bills 600 tokens a call, whatever output cap it was sent. */
const overspending: TowerCost = () => ({ promptTokens: 300, completionTokens: 300 });

const EIGHT = towerWorld(8);
const BUDGET = 6_000;

// The model server bills a call what its text costs (4 characters a token): on 6,000 tokens a run
// can afford a few calls.
describe('deepresearch --breadth on a tight budget (eight sub-questions, 6,000 tokens)', () => {
  // The agent's planner prompts cost more than the pipeline's whole research: it gets twice as much.
  it.each([
    { strategy: 'pipeline', budget: BUDGET },
    { strategy: 'agent', budget: 2 * BUDGET },
  ])(
    '$strategy, $budget tokens: breadth 3 and 8 answer with at least the supported claims of breadth 1, within the budget',
    async ({ strategy, budget }) => {
      const flags = (breadth: number) => [
        '--strategy',
        strategy,
        '--breadth',
        String(breadth),
        '--token-budget',
        String(budget),
      ];
      const alone = await cliRun(EIGHT, flags(1));
      expect(alone.result.claims.supported).toBeGreaterThan(0);
      for (const breadth of [3, 8]) {
        const { result, bill } = await cliRun(EIGHT, flags(breadth));
        const label = `${strategy}, breadth ${breadth}`;
        expect(result.answer, label).not.toMatch(/found nothing/i);
        expect(result.claims.supported, label).toBeGreaterThanOrEqual(alone.result.claims.supported);
        expect(bill.tokens, label).toBeLessThanOrEqual(budget);
        expect(result.usage.totalTokens, label).toBe(bill.tokens);
      }
    },
    600_000,
  );

  it('stops a model server that bills 600 tokens where fewer were asked for at the budget, and still answers', async () => {
    const { result, bill } = await cliRun(
      EIGHT,
      ['--strategy', 'pipeline', '--breadth', '8', '--token-budget', String(BUDGET)],
      overspending,
    );
    expect(bill.tokens).toBeLessThanOrEqual(BUDGET);
    expect(result.usage.totalTokens).toBe(bill.tokens);
    expect(result.claims.supported).toBeGreaterThan(0);
  }, 240_000);
});

describe('deepresearch --max-steps below the number of sub-questions', () => {
  it.each(['pipeline', 'agent'])(
    '%s, breadth 8, --max-steps 5: an answer standing on supported claims within five steps',
    async (strategy) => {
      const { result } = await cliRun(EIGHT, ['--strategy', strategy, '--breadth', '8', '--max-steps', '5']);
      expect(result.steps).toBeLessThanOrEqual(5);
      expect(result.claims.supported).toBeGreaterThan(0);
      expect(result.answer).not.toMatch(/found nothing/i);
    },
    240_000,
  );
});

/** Two sub-questions, and for each an archive page only a query about what was learned finds. */
function worldWithArchive(): TowerWorld {
  const world = towerWorld(2);
  const archive: TowerWorld['pages'] = {};
  for (const topic of ['height', 'designer']) {
    archive[`https://archive.example/${topic}`] = {
      title: `Archive of the tower ${topic}`,
      text: `The archive holds a second tower ${topic} fact of register D, filed in 1890.`,
    };
  }
  return {
    ...world,
    pages: { ...world.pages, ...archive },
    // The cooperative model's follow-ups name the words of what was learned ("facts" among them).
    search: (request) => {
      const first = world.search(request);
      if (!/\bfacts\b/i.test(request.query)) return first;
      const url = Object.keys(archive).find((key) => request.query.includes(key.split('/').at(-1) ?? ''));
      return url ? [{ url, title: archive[url]?.title ?? url, snippet: 'Archive.' }, ...first] : first;
    },
  };
}

describe('deepresearch --depth', () => {
  it('refuses a depth past 3, naming the range', async () => {
    const run = await runCli(['a question', '--depth', '4']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Invalid value for --depth: must be a whole number from 0 to 3, got "4".');
  });

  it('follows up what each sub-question learned at --depth 1 and cites what the follow-ups found; not by default', async () => {
    const world = worldWithArchive();
    const flags = ['--strategy', 'pipeline', '--breadth', '2'];
    const plain = await cliRun(world, flags);
    expect(plain.queries.some((query) => /\bfacts\b/i.test(query))).toBe(false);
    expect(plain.result.references.some((reference) => reference.url.includes('/archive/'))).toBe(false);

    const deep = await cliRun(world, [...flags, '--depth', '1']);
    expect(deep.queries.some((query) => /\bfacts\b/i.test(query))).toBe(true);
    expect(deep.result.status).toBe('completed');
    expect(deep.result.references.some((reference) => reference.url.includes('/archive/'))).toBe(true);
  }, 240_000);
});
