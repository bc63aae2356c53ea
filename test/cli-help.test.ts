import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

describe('deepresearch help', () => {
  it('"deepresearch help" prints the help instead of researching the word "help"', async () => {
    const run = await runCli(['help']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^deepresearch \S+ — plans, searches, reads/);
    expect(run.stdout).toContain('Usage:');
    expect(run.stderr).toBe('');
  });

  it('"<command> --help" and "help <command>" print that command\'s own options only', async () => {
    const search = await runCli(['search', '--help']);
    expect(search.code).toBe(0);
    expect(search.stdout).toContain('Usage: deepresearch search "query" --corpus <folder> [options]');
    expect(search.stdout).toMatch(/^ {2}--queries FILE /m);
    expect(search.stdout).toMatch(/^ {2}--corpus FOLDER /m);
    expect(search.stdout).not.toMatch(/--max-steps|--port|--format/);
    expect((await runCli(['help', 'search'])).stdout).toBe(search.stdout);

    const read = await runCli(['read', '-h']);
    expect(read.stdout).toMatch(/^ {2}--format FORMAT /m);
    expect(read.stdout).not.toMatch(/--model|--corpus|--port/);
    const full = await runCli(['--help']);
    expect(read.stdout.split('\n').length).toBeLessThan(full.stdout.split('\n').length / 2);

    const ask = await runCli(['ask', '--help']);
    expect(ask.stdout).toMatch(/^ {2}--max-steps N /m);
    expect(ask.stdout).not.toMatch(/--port|--queries/);
  });
});
