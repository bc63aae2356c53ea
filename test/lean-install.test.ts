/**
 * Issue 42's lean install: pdfkit, fontkit, docx, playwright-core, pg, @ai-sdk/anthropic and
 * @ai-sdk/google are optional dependencies, left out by `npm install --omit=optional`. A command that needs one that is missing says which package
 * and the command that installs it, before any work. The packages are hidden by a resolve hook
 * (helpers/hide-packages.mjs), as a lean install leaves them out, not deleted from node_modules.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

const HIDE = fileURLToPath(new URL('./helpers/hide-packages.mjs', import.meta.url));

/** The CLI with `packages` unresolvable. */
const withoutPackages = (packages: string[], args: string[], env: Record<string, string> = {}) =>
  runCli(args, {
    env: {
      NODE_OPTIONS: `--import=${HIDE}`,
      DEEPRESEARCH_TEST_HIDDEN_PACKAGES: packages.join(','),
      ...env,
    },
  });

// Nothing listens on port 9: a run that started research would fail on the model, not on the package.
const UNREACHABLE_MODEL = ['--model', 'openai-compatible:x', '--base-url', 'http://127.0.0.1:9/v1'];

describe('a lean install without the optional packages', () => {
  it('refuses --out report.pdf before any research, naming the package and its install command', async () => {
    const run = await withoutPackages(
      ['pdfkit'],
      ['When was the Eiffel Tower completed?', ...UNREACHABLE_MODEL, '--out', 'report.pdf'],
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PDF export needs the package pdfkit, which is not installed');
    expect(run.stderr).toContain('npm install pdfkit');
    expect(run.stderr).not.toMatch(/Researching|\n\s+at /);
  }, 60_000);

  it('refuses --out report.docx the same way', async () => {
    const run = await withoutPackages(['docx'], ['question', ...UNREACHABLE_MODEL, '--out', 'report.docx']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DOCX export needs the package docx');
    expect(run.stderr).toContain('npm install docx');
  }, 60_000);

  it('names pg for a Postgres database, and runs on SQLite without it', async () => {
    const postgres = await withoutPackages(
      ['pg'],
      ['memory', 'list', '--db', 'postgres://user@127.0.0.1:9/research'],
    );
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toContain(
      'A Postgres database (--db postgres://…) needs the package pg, which is not installed',
    );
    expect(postgres.stderr).toContain('npm install pg ');
    const sqlite = await withoutPackages(
      ['pg', 'pdfkit', 'fontkit', 'docx', 'playwright-core'],
      ['memory', 'list', '--db', ':memory:'],
    );
    expect(sqlite.code, sqlite.stderr).toBe(0);
    expect(sqlite.stdout.trim()).toBe('No memories.');
  }, 60_000);

  it.each([
    ['anthropic:claude-haiku-4-5', '@ai-sdk/anthropic', 'ANTHROPIC_API_KEY'],
    ['google:gemini-2.5-flash', '@ai-sdk/google', 'GOOGLE_GENERATIVE_AI_API_KEY'],
  ])(
    'refuses --model %s before any research, naming %s and its install command',
    async (model, name, key) => {
      const run = await withoutPackages([name], ['question', '--model', model], { [key]: 'a-key' });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`needs the package ${name}, which is not installed`);
      expect(run.stderr).toContain(`npm install ${name} `);
      expect(run.stderr).not.toMatch(/Researching|\n\s+at /);
    },
    60_000,
  );
});
