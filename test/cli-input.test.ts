/**
 * Issue 25's clarifying questions and plan review on the command line: answered inline on a
 * terminal (a stream that says it is one), given up front with --answers, edited in $EDITOR, and
 * without a terminal the CLI says how to run non-interactively.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli as runCliInProcess } from '../src/cli/run-cli.js';
import { cooperativeResearcher, requestParts } from '../src/testing/cooperative-researcher.js';
import { type DemoWorld, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakeChatRequest } from '../src/testing/fake-llm-server.js';
import { runCli } from './helpers/run-cli.js';

const QUESTIONS = ['Do you mean the height with or without antennas?', 'In metres or in feet?'];

/** The cooperative researcher, with a clarifier that asks two questions. */
function asking(request: FakeChatRequest): string {
  const { properties } = requestParts(request);
  if (properties && 'questions' in properties)
    return JSON.stringify({ think: 'Ambiguous.', questions: QUESTIONS });
  return cooperativeResearcher(request);
}

/** The user prompts the model got, joined. */
function promptsOf(world: DemoWorld): string {
  return world.llm.requests.map((request) => requestParts(request).prompt).join('\n');
}

let world: DemoWorld | undefined;
const folders: string[] = [];
afterEach(async () => {
  await world?.close();
  world = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs the CLI in process with a terminal on stdin that types `reply(prompt)` at each prompt. */
async function runOnTerminal(
  argv: string[],
  reply: (shown: string) => string | undefined,
  env: Record<string, string> = {},
) {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  let stderr = '';
  let stdout = '';
  let answeredUpTo = 0;
  const stderrStream = new Writable({
    write(chunk, _encoding, done) {
      stderr += String(chunk);
      if (stderr.endsWith('> ')) {
        const typed = reply(stderr.slice(answeredUpTo));
        answeredUpTo = stderr.length;
        if (typed !== undefined) setImmediate(() => stdin.write(`${typed}\n`));
      }
      done();
    },
  });
  const stdoutStream = new Writable({
    write(chunk, _encoding, done) {
      stdout += String(chunk);
      done();
    },
  });
  const code = await runCliInProcess({
    argv,
    env: { HOME: tmpdir(), ...env },
    cwd: process.cwd(),
    stdout: stdoutStream,
    stderr: stderrStream,
    stdin,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr };
}

describe('clarifying questions on the command line', () => {
  it('asks them inline on a terminal and researches with the answers', async () => {
    world = await startDemoWorld({ script: asking });
    const answers = ['Without antennas', ''];
    const run = await runOnTerminal(
      ['How tall is the Eiffel Tower?', ...world.args, '--clarify', '--no-direct-answer', '--json'],
      () => answers.shift(),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('1. Do you mean the height with or without antennas?');
    expect(run.stderr).toContain('2. In metres or in feet?');
    expect(JSON.parse(run.stdout).status).toMatch(/completed|best_effort/);
    const prompts = promptsOf(world);
    expect(prompts).toContain(
      'Asked: Do you mean the height with or without antennas? Answered: Without antennas',
    );
    // The skipped question is not passed on as if it were answered.
    expect(prompts).not.toContain('Asked: In metres or in feet?');
  }, 90_000);

  it('takes answers up front with --answers and asks nothing', async () => {
    world = await startDemoWorld({ script: asking });
    const run = await runCli([
      'How tall is the Eiffel Tower?',
      ...world.args,
      '--clarify',
      '--answers',
      'the height without antennas, in metres',
      '--no-direct-answer',
      '--json',
      '--quiet',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(promptsOf(world)).toContain('- the height without antennas, in metres');
    expect(
      world.llm.requests.some((request) => 'questions' in (requestParts(request).properties ?? {})),
    ).toBe(false);
  }, 90_000);

  it('without a terminal prints the questions and how to answer them, exit code 2', async () => {
    world = await startDemoWorld({ script: asking });
    const run = await runCli(['How tall is the Eiffel Tower?', ...world.args, '--clarify', '--quiet']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('1. Do you mean the height with or without antennas?');
    expect(run.stderr).toContain('--answers');
    expect(run.stderr).toContain('leave out --clarify');
  }, 90_000);
});

describe('plan review on the command line', () => {
  it('opens the plan in $EDITOR; a dropped line is not researched and an added one is', async () => {
    world = await startDemoWorld();
    const folder = mkdtempSync(join(tmpdir(), 'deepresearch-editor-'));
    folders.push(folder);
    const editor = join(folder, 'editor.mjs');
    // An editor that keeps the first sub-question, drops the rest and adds one.
    writeFileSync(
      editor,
      `import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2];
const lines = readFileSync(file, 'utf8').split('\\n');
const first = lines.find((line) => /^q\\d+ /.test(line));
writeFileSync(file, ['# edited', first, '[related] Who designed the Eiffel Tower?'].join('\\n'));
`,
    );
    chmodSync(editor, 0o755);
    const run = await runOnTerminal(
      ['How tall is the Eiffel Tower?', ...world.args, '--review-plan', '--no-direct-answer', '--json'],
      () => undefined,
      { EDITOR: `${JSON.stringify(process.execPath)} ${JSON.stringify(editor)}` },
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    const texts = (result.subQuestions as { text: string }[]).map((item) => item.text);
    expect(texts).toContain('Who designed the Eiffel Tower?');
    expect(texts).toHaveLength(2);
  }, 90_000);

  it('reviews inline under npx, where npm set EDITOR=vi; an id the plan lacks is an error naming it', async () => {
    world = await startDemoWorld();
    const prompts: string[] = [];
    const typed = ['edit q9 Who built it?', 'add Who designed the Eiffel Tower?', ''];
    const run = await runOnTerminal(
      ['How tall is the Eiffel Tower?', ...world.args, '--review-plan', '--no-direct-answer', '--json'],
      (shown) => {
        prompts.push(shown);
        return typed.shift();
      },
      // What npm exports to a command run by npx or npm run when the person chose no editor.
      { EDITOR: 'vi', npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      '"edit q9 Who built it?" names q9, which the plan does not have (it has q1)',
    );
    // The prompt's examples name ids the plan has (the demo's plan has only q1).
    expect(prompts[0]).toContain('The plan:\n  q1 How tall is the Eiffel Tower?\n');
    expect(prompts[0]).toContain('drop q1 | edit q1 new text');
    expect(prompts.join('')).not.toContain('q2');
    const result = JSON.parse(run.stdout);
    const texts = (result.subQuestions as { text: string }[]).map((item) => item.text);
    expect(texts).toEqual(['How tall is the Eiffel Tower?', 'Who designed the Eiffel Tower?']);
  }, 90_000);

  it('refuses --review-plan without a terminal before any work', async () => {
    const run = await runCli([
      'How tall is the Eiffel Tower?',
      '--review-plan',
      '--model',
      'openai-compatible:x',
      '--base-url',
      'http://127.0.0.1:9',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/--review-plan needs a terminal/);
  }, 30_000);
});
