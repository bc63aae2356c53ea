import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import { docxText, readPdf } from '../src/testing/document-text.js';
import { runCli } from './helpers/run-cli.js';

const question = 'When was the Eiffel Tower completed?';
let world: DemoWorld | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('deepresearch "question" --out report.pdf|.docx', () => {
  it('writes the report as a PDF and as a DOCX, from the file name', async () => {
    world = await startDemoWorld();
    const dir = await mkdtemp(join(tmpdir(), 'dr-export-'));
    for (const name of ['report.pdf', 'Report.DOCX']) {
      const run = await runCli([question, ...world.args, '--quiet', '--out', name], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe('');
    }
    const pdf = await readPdf(new Uint8Array(await readFile(join(dir, 'report.pdf'))));
    expect(pdf.title).toBe(question);
    expect(pdf.text).toContain('References');
    expect(pdf.text).toMatch(/1889/);
    expect(pdf.urls.some((url) => url.startsWith('http://127.0.0.1:'))).toBe(true);
    expect(pdf.jumps).toContain('reference-1');
    const docx = docxText(new Uint8Array(await readFile(join(dir, 'Report.DOCX'))));
    expect(docx).toContain(question);
    expect(docx).toContain('References');
    expect(docx).toMatch(/1889/);
  }, 120_000);

  it('prints to the terminal what --out report.md writes: the question as title, then the answer', async () => {
    world = await startDemoWorld();
    const dir = await mkdtemp(join(tmpdir(), 'dr-export-'));
    const printed = await runCli([question, ...world.args, '--quiet'], { cwd: dir });
    const written = await runCli([question, ...world.args, '--quiet', '--out', 'report.md'], { cwd: dir });
    expect(printed.code, printed.stderr).toBe(0);
    expect(written.code, written.stderr).toBe(0);
    const markdown = await readFile(join(dir, 'report.md'), 'utf8');
    expect(markdown).toMatch(
      /^# When was the Eiffel Tower completed\?\n\nThe Eiffel Tower was (completed|finished) in March 1889/,
    );
    expect(markdown).toContain('## References');
    expect(markdown).toBe(printed.stdout);
  }, 120_000);

  it('refuses an ending no format goes with, naming the formats, before any work', async () => {
    world = await startDemoWorld();
    const dir = await mkdtemp(join(tmpdir(), 'dr-export-'));
    const run = await runCli([question, ...world.args, '--out', 'report.odt'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'deepresearch: --out report.odt has an ending no format goes with; use one of .md, .markdown, .html, .htm, .pdf, .docx, .json (e.g. --out report.pdf).\n',
    );
    expect(world.llm.requests).toHaveLength(0);
    expect(await readdir(dir)).toEqual([]);
  });
});
