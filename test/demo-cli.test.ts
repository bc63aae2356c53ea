import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictionFromAnswer } from '../src/eval/scoring/prediction-text.js';
import { demoModel } from '../src/testing/demo-model.js';
import { type DemoWorld, demoShowcasePages, startDemoWorld } from '../src/testing/demo-world.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';
import { runCli } from './helpers/run-cli.js';

let world: DemoWorld;
let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let scratch: string;

beforeAll(async () => {
  // What `npm run demo` starts.
  world = await startDemoWorld({ script: demoModel, pages: demoShowcasePages });
  fixture = await copyCorpusFixture();
  scratch = await mkdtemp(join(tmpdir(), 'demo-cli-'));
});
afterAll(async () => {
  await world.close();
  await fixture.cleanup();
  await rm(scratch, { recursive: true, force: true });
});

const demo = (args: string[]) =>
  runCli([...args, ...world.args], { env: { XDG_DATA_HOME: scratch }, timeoutMs: 90_000 });

describe('npm run demo on the web', () => {
  it('scores what its checks found, meets a conflict, computes, and suggests follow-ups from its findings', async () => {
    const run = await demo(['How tall is the Eiffel Tower?', '--json', '--quiet']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    // The evaluator's accuracy is the claim check's supported share, not a fixed 1 of 10.
    expect(result.claims.total).toBeGreaterThan(0);
    expect(result.evaluation.scores.accuracy).toBe(
      Math.round((10 * result.claims.supported) / result.claims.total),
    );
    // `eval` scores the answer's lead paragraph: the answer, not the demo's note.
    const lead = predictionFromAnswer(result.answer);
    expect(lead).not.toContain('demo model');
    expect(lead).toMatch(/Eiffel Tower/);
    expect(result.answer).toMatch(/\(demo model: [^)]*clarifying question, its computation/);
    // Two demo pages disagree on the height; the answer states both, each with its source.
    expect(result.conflicts).toHaveLength(1);
    expect(result.answer).toMatch(/\b330 (?:metres|m)\b[^.]*\[\d+\]/);
    expect(result.answer).toMatch(/300 m tall[^.]*\[\d+\]/);
    const computed = result.references.find((reference: { computation?: unknown }) => reference.computation);
    expect(computed).toMatchObject({ verified: true, computation: { output: '30 metres' } });
    expect(result.followUps.join('\n')).not.toMatch(/What has changed recently|independent sources confirm/);
    // The two values in the order the pages were read.
    expect(result.followUps.join('\n')).toMatch(
      /Which is right for "The Eiffel Tower is … tall": (330 metres or 300 m|300 m or 330 metres)\?/,
    );
    expect(result.followUps.join('\n')).toMatch(/Gustave Eiffel|Exposition Universelle|Chrysler Building/);
  });

  it('asks its clarifying question with --clarify', async () => {
    const run = await demo(['How tall is the Eiffel Tower?', '--clarify', '--quiet']);
    // Without a terminal the CLI prints the questions and how to answer them, and stops.
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '1. What should the answer to "How tall is the Eiffel Tower?" focus on: dates, sizes or people?',
    );
  });
});

describe('npm run demo with --corpus', () => {
  it('researches the folder: maps, searches and reads it, and cites path:lines it verified', async () => {
    const run = await demo(['How does the Router match request paths?', '--corpus', fixture.root, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/Invalid discriminator|does not match the schema/);
    expect(run.stderr).toMatch(/✓ resolve_symbol \(\d+ ms\): 1 definition\n/);
    const result = JSON.parse(run.stdout);
    expect(result.status).toBe('completed');
    expect(result.answer).toContain('demo model: it quotes the comments and sentences of the files it reads');
    expect(JSON.stringify(result.claims.unsupported)).not.toContain('demo model');
    expect(result.references.length).toBeGreaterThan(0);
    for (const reference of result.references) {
      expect(reference.path).toMatch(/\.\w+$/);
      expect(reference.startLine).toBeGreaterThan(0);
      expect(reference.verified).toBe(true);
    }
    expect(result.claims.supported).toBe(result.claims.total);
  });

  it('scores a run that found no source as having no source quality, and says so', async () => {
    const folder = join(scratch, 'unrelated');
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder);
    await writeFile(join(folder, 'animals.txt'), 'zebra giraffe\nlion\n');
    const run = await demo(['How does flask match request paths?', '--corpus', folder, '--json']);
    const result = JSON.parse(run.stdout);
    expect(result.references).toEqual([]);
    expect(result.answer).not.toMatch(/\?\./);
    expect(result.evaluation.scores.sourceQuality).toBe(0);
    expect(result.evaluation.scores.accuracy).toBe(0);
    expect(result.evaluation.strengths.join(' ')).not.toMatch(/cites a quote/);
    expect(result.evaluation.weaknesses.join(' ')).toMatch(/cites no source/);
  });
});

describe('npm run demo --report', () => {
  it('says its disclaimer once, not in every section', async () => {
    const run = await demo(['When was the Eiffel Tower completed?', '--report', '--quiet']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.match(/\(demo model:/g)?.length).toBe(1);
    expect(run.stdout.match(/^## /gm)?.length).toBeGreaterThanOrEqual(3);
  });
});
