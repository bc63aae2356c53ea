import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-content-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const read = (name: string, extra: string[] = []) => runCli(['read', join(dir, name), ...extra]);

describe('deepresearch read <file>', () => {
  it('titles a .txt by its name and prints all of its text, a one-line file included', async () => {
    await writeFile(join(dir, 'one.txt'), 'Just one line of notes here.\n');
    const run = await read('one.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      `# one.txt\n\nSource: <file://${join(dir, 'one.txt')}>\n\nJust one line of notes here.\n`,
    );
    const json = JSON.parse((await read('one.txt', ['--format', 'json'])).stdout);
    expect(json).toMatchObject({ title: 'one.txt', text: 'Just one line of notes here.' });
  });

  it('refuses random bytes named .html as binary data, exit 1, printing none of them', async () => {
    await writeFile(join(dir, 'noise.html'), randomBytes(4000));
    const run = await read('noise.html');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('holds binary data, not text, though it is named or labelled text/html');
  });

  it('lays out rowspan and colspan cells so every row has its columns in place', async () => {
    await writeFile(
      join(dir, 'table.html'),
      `<html><head><title>Scores</title></head><body><article><h1>Scores</h1><p>The scores of the two players over the two rounds.</p>
<table><tr><th rowspan="2">Name</th><th colspan="2">Rounds</th></tr><tr><th>A</th><th>B</th></tr>
<tr><td>Ann</td><td>1</td><td>2</td></tr><tr><td rowspan="2">Bob</td><td>3</td><td>4</td></tr><tr><td>5</td><td>6</td></tr>
</table></article></body></html>`,
    );
    const run = await read('table.html');
    expect(run.code, run.stderr).toBe(0);
    const table = run.stdout.split('\n').filter((line) => line.startsWith('|'));
    expect(table).toEqual([
      '| Name | Rounds |  |',
      '| --- | --- | --- |',
      '| Name | A | B |',
      '| Ann | 1 | 2 |',
      '| Bob | 3 | 4 |',
      '| Bob | 5 | 6 |',
    ]);
  });

  it('prints a story’s byline once, in the header, not again as the first line of the body', async () => {
    const paragraphs = Array.from(
      { length: 4 },
      (_, index) =>
        `<p>The harbour board met on Tuesday to weigh the plan (part ${index}), which would widen the quay and add two berths for ferries.</p>`,
    ).join('');
    await writeFile(
      join(dir, 'story.html'),
      `<html><head><title>Harbour plan approved</title></head><body><article><h1>Harbour plan approved</h1><p>By Jane Roe, 3 March 2024</p>${paragraphs}</article></body></html>`,
    );
    const run = await read('story.html');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.match(/Jane Roe/g)).toHaveLength(1);
    // The date the story shows under its headline is the page's date.
    expect(run.stdout).toContain('By Jane Roe · Published 2024-03-03\n\nThe harbour board met on Tuesday');
    const json = JSON.parse((await read('story.html', ['--format', 'json'])).stdout);
    expect(json.byline).toBe('Jane Roe');
    expect(json.text).not.toContain('By Jane Roe');
  });
});
