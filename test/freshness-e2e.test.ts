import { afterEach, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { runCli } from './helpers/run-cli.js';

/** A page published in 2001 (the fixture's truth about time): older than any "this week". */
const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title>
<meta property="article:published_time" content="2001-05-04T09:00:00Z"></head>
<body><article><p>${text}</p></article></body></html>`;

const pages = {
  '/tower-news': page('Tower news', 'The Eiffel Tower is 330 metres tall, counting its antennas.'),
  '/tower-guide': page('Tower guide', 'The Eiffel Tower was completed in 1889 for the World Fair.'),
};

let world: DemoWorld | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('a question that asks for this week, end to end', () => {
  it('ends best_effort on sources from 2001, naming them in the answer', { timeout: 180_000 }, async () => {
    world = await startDemoWorld({ pages });
    const question = 'How tall is the Eiffel Tower, as reported this week?';
    const json = await runCli([question, ...world.args, '--json', '--no-direct-answer', '--max-steps', '6']);
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result.status).toBe('best_effort');
    expect(result.stopReason).toBe('stale_sources');
    expect(result.answer).toContain('## Outside the time asked about');
    expect(result.answer).toMatch(
      new RegExp(
        `\\[\\d\\] ${world.pages.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/tower-\\w+ \\(2001-05-04\\)`,
      ),
    );
  });
});
