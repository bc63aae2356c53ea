import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOST,
  DEFAULT_MAX_CONCURRENT_RUNS,
  DEFAULT_MAX_STEPS,
  DEFAULT_MODEL,
  DEFAULT_PORT,
  DEFAULT_READ_CONCURRENCY,
  DEFAULT_SEARCH_PROVIDERS,
  DEFAULT_TOKEN_BUDGET,
} from '../config/index.js';
import { configFields } from '../config/schemas.js';
import { NEEDS_INPUT_EXIT_CODE } from './ask-command.js';
import { commands } from './commands.js';
import { commandHelpText, defaultText, helpLine, helpText } from './help.js';

const lineOf = (flag: string) =>
  helpText('0.0.0', commands)
    .split('\n')
    .find((line) => line.startsWith(`  --${flag} `));

describe('help', () => {
  it('shows each default from the constants', () => {
    expect(lineOf('model')).toContain(`(default: ${DEFAULT_MODEL})`);
    expect(lineOf('max-steps')).toContain(`(default: ${DEFAULT_MAX_STEPS})`);
    expect(lineOf('token-budget')).toContain(`(default: ${DEFAULT_TOKEN_BUDGET})`);
    expect(lineOf('search')).toContain(`(default: ${DEFAULT_SEARCH_PROVIDERS.join(',')})`);
    expect(lineOf('port')).toContain(`(default: ${DEFAULT_PORT})`);
    expect(lineOf('host')).toContain(`(default: ${DEFAULT_HOST})`);
    expect(lineOf('max-concurrent-runs')).toContain(`(default: ${DEFAULT_MAX_CONCURRENT_RUNS})`);
    expect(lineOf('concurrency')).toContain(`(default: ${DEFAULT_READ_CONCURRENCY})`);
  });

  it('never writes a default into a help text by hand', () => {
    for (const field of configFields) {
      const fallback = defaultText(field);
      if (fallback === undefined) continue;
      // A choice may be listed ("auto, json or tool"); the default itself is never stated.
      expect(field.help, field.flag).not.toMatch(/default/i);
      if (/^\d+$/.test(fallback)) expect(field.help, field.flag).not.toContain(fallback);
    }
  });

  it('lists every flag of the table with its variable', () => {
    const text = helpText('0.0.0', commands);
    for (const field of configFields) {
      expect(text).toContain(helpLine(field));
      if (field.env) expect(helpLine(field)).toContain(`[env ${field.env}]`);
    }
    for (const command of commands) expect(text).toContain(`deepresearch ${command.usage}`);
  });
});

describe('the exit codes in --help', () => {
  it('name every code the CLI exits with, 2 (waiting for input) included', () => {
    const codes = (helpText('0.0.0', commands).split('Exit codes:')[1] ?? '').replace(/\s+/g, ' ').trim();
    for (const code of [0, 1, NEEDS_INPUT_EXIT_CODE, 130])
      expect(codes).toMatch(new RegExp(`(^|, )${code} `));
    expect(codes).toContain(`${NEEDS_INPUT_EXIT_CODE} waiting for input with no terminal to ask on`);
  });
});

describe('eval --help', () => {
  const evalCommand = commands.find((command) => command.name === 'eval');
  const text = evalCommand ? commandHelpText('0.0.0', evalCommand) : '';

  it('calls --out the results folder, not an answer file', () => {
    const out = text.split('\n').find((line) => line.startsWith('  -o, --out '));
    expect(out).toMatch(/^ {2}-o, --out FOLDER +The results folder/);
    expect(out).not.toContain('answer');
  });

  it('shows the usage of eval score and eval compare up front', () => {
    expect(text).toContain('deepresearch eval score --dataset FILE --predictions FILE.jsonl');
    expect(text).toContain('deepresearch eval compare FOLDER_A FOLDER_B');
  });
});
