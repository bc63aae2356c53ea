import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import {
  DEFAULT_MAX_CONCURRENT_RUNS,
  DEFAULT_MAX_STEPS,
  DEFAULT_MODEL,
  DEFAULT_PORT,
  DEFAULT_SEARCH_PROVIDERS,
} from './constants.js';
import { loadConfig } from './load-config.js';
import { researchConfigSchema } from './schema.js';
import {
  corpusSettingsSchema,
  outputSettingsSchema,
  readSettingsSchema,
  serveSettingsSchema,
} from './settings.js';

/** Every folder a test made, removed when the file's tests end (a run of the suite left a thousand). */
const madeFolders: string[] = [];
afterAll(async () => {
  await Promise.all(madeFolders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function dirWithConfig(content: string | undefined): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dr-config-'));
  madeFolders.push(dir);
  if (content !== undefined) await writeFile(join(dir, 'deepresearch.config.json'), content);
  return dir;
}

async function failure(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('loadConfig', () => {
  it('fills every default from the constants when nothing is given', async () => {
    const loaded = await loadConfig({ cwd: await dirWithConfig(undefined), groups: ['research', 'serve'] });
    expect(loaded.research.model).toBe(DEFAULT_MODEL);
    expect(loaded.research.maxSteps).toBe(DEFAULT_MAX_STEPS);
    expect(loaded.research.search).toEqual(DEFAULT_SEARCH_PROVIDERS);
    expect(loaded.serve.port).toBe(DEFAULT_PORT);
    expect(loaded.serve.maxConcurrentRuns).toBe(DEFAULT_MAX_CONCURRENT_RUNS);
    expect(loaded.origins).toEqual({});
  });

  it('takes flags over env over the config file over defaults, and says where each came from', async () => {
    const cwd = await dirWithConfig(
      JSON.stringify({ maxSteps: 5, tokenBudget: 1000, language: 'de', report: true }),
    );
    const loaded = await loadConfig({
      argv: ['--max-steps', '7', 'the', 'question'],
      env: { DEEPRESEARCH_MAX_STEPS: '6', DEEPRESEARCH_TOKEN_BUDGET: '2000' },
      cwd,
    });
    expect(loaded.research).toMatchObject({ maxSteps: 7, tokenBudget: 2000, language: 'de', report: true });
    expect(loaded.research.maxTimeSeconds).toBeGreaterThan(0);
    expect(loaded.positionals).toEqual(['the', 'question']);
    expect(loaded.origins.maxSteps).toEqual({ flag: '--max-steps' });
    expect(loaded.origins.tokenBudget).toEqual({ env: 'DEEPRESEARCH_TOKEN_BUDGET' });
    expect(loaded.origins.language).toEqual({ file: join(cwd, 'deepresearch.config.json') });
  });

  it('reads the file given as `file` or --config, and none with file: false', async () => {
    const cwd = await dirWithConfig(JSON.stringify({ maxSteps: 5 }));
    await writeFile(join(cwd, 'other.json'), JSON.stringify({ maxSteps: 9, port: 9999 }));
    expect((await loadConfig({ cwd, file: 'other.json' })).research.maxSteps).toBe(9);
    expect((await loadConfig({ cwd, argv: ['--config', 'other.json'] })).research.maxSteps).toBe(9);
    expect((await loadConfig({ cwd, file: false })).research.maxSteps).toBe(DEFAULT_MAX_STEPS);
    const serve = await loadConfig({ cwd, file: 'other.json', groups: ['research', 'serve'] });
    expect(serve.serve.port).toBe(9999);
  });

  it('turns compute off with --no-compute, or compute: false in the file; on by default', async () => {
    const cwd = await dirWithConfig(undefined);
    expect((await loadConfig({ cwd, file: false })).research.compute).toBe(true);
    expect((await loadConfig({ cwd, file: false, argv: ['--no-compute'] })).research.compute).toBe(false);
    const off = await dirWithConfig(JSON.stringify({ compute: false }));
    expect((await loadConfig({ cwd: off })).research.compute).toBe(false);
  });

  it('takes --depth from 0 to 3 (0 by default) and --no-branch, naming the range when --depth is past it', async () => {
    const cwd = await dirWithConfig(undefined);
    const defaults = (await loadConfig({ cwd, file: false })).research;
    expect(defaults).toMatchObject({ depth: 0, branch: true });
    const set = await loadConfig({ cwd, file: false, argv: ['--depth', '2', '--no-branch'] });
    expect(set.research).toMatchObject({ depth: 2, branch: false });
    expect((await failure(loadConfig({ argv: ['--depth', '4'], cwd, file: false }))).message).toBe(
      'Invalid value for --depth: must be a whole number from 0 to 3, got "4".',
    );
    const fromEnv = await failure(loadConfig({ env: { DEEPRESEARCH_DEPTH: 'deep' }, cwd, file: false }));
    expect(fromEnv).toMatchObject({ key: 'depth', env: 'DEEPRESEARCH_DEPTH', received: 'deep' });
  });

  it('splits list flags on commas and repetitions', async () => {
    const loaded = await loadConfig({
      argv: [
        '--search',
        'brave,wikipedia',
        '--allow-host',
        '127.0.0.1:8080',
        '--allow-host',
        'localhost:3000',
      ],
      cwd: await dirWithConfig(undefined),
    });
    expect(loaded.research.search).toEqual(['brave', 'wikipedia']);
    expect(loaded.research.allowHosts).toEqual(['127.0.0.1:8080', 'localhost:3000']);
  });

  it('reads --temperature per role, --search-language, --max-temperature and --public-url', async () => {
    const cwd = await dirWithConfig(undefined);
    const loaded = await loadConfig({
      argv: ['--temperature', '0.2,writer=0.7', '--search-language', 'ja', '--max-temperature', '1'],
      env: { DEEPRESEARCH_PUBLIC_URL: 'https://research.example.com/deep' },
      cwd,
      groups: ['research', 'serve', 'general'],
    });
    expect(loaded.research).toMatchObject({
      temperature: { default: 0.2, writer: 0.7 },
      searchLanguage: 'ja',
    });
    expect(loaded.serve).toMatchObject({ maxTemperature: 1, publicUrl: 'https://research.example.com/deep' });
    const wrong = await failure(loadConfig({ argv: ['--temperature', 'judge=1'], cwd }));
    expect(wrong.message).toContain('--temperature');
    expect(wrong.message).toContain('"judge" is not a role');
    const above = await failure(
      loadConfig({ argv: ['--max-temperature', '3'], cwd, groups: ['research', 'serve', 'general'] }),
    );
    expect(above.message).toContain('--max-temperature');
  });

  it('takes --browser alone as auto, or a path inline or after it, leaving the question alone', async () => {
    const cwd = await dirWithConfig(undefined);
    const load = (argv: string[], env = {}) => loadConfig({ argv, env, cwd });
    const alone = await load(['--browser', 'what', 'is', 'new']);
    expect(alone.research.browser).toBe('auto');
    expect(alone.positionals).toEqual(['what', 'is', 'new']);
    const after = await load(['what is new', '--browser', '/usr/bin/chromium']);
    expect(after.research.browser).toBe('/usr/bin/chromium');
    expect(after.positionals).toEqual(['what is new']);
    expect((await load(['--browser=./chrome', 'q'])).research.browser).toBe('./chrome');
    expect((await load(['q'], { DEEPRESEARCH_BROWSER: 'auto' })).research.browser).toBe('auto');
    expect((await load(['q'])).research.browser).toBeUndefined();
  });

  it('loads serve and read options from the same table', async () => {
    const cwd = await dirWithConfig(undefined);
    const serve = await loadConfig({
      argv: ['--port', '0', '--auth-token', 'a', '--allowed-model', 'ollama:*', '--model', 'ollama:llama3'],
      env: { DEEPRESEARCH_AUTH_TOKENS: 'b,c' },
      cwd,
      groups: ['research', 'serve', 'general'],
    });
    expect(serve.serve).toMatchObject({ port: 0, authTokens: ['a'], allowedModels: ['ollama:*'] });
    expect(serve.research.model).toBe('ollama:llama3');
    const read = await loadConfig({
      argv: ['--format', 'json', 'page.html'],
      cwd,
      groups: ['read', 'general'],
    });
    expect(read.read.format).toBe('json');
    expect(read.positionals).toEqual(['page.html']);
    const unknownProvider = await failure(
      loadConfig({ argv: ['--allowed-model', 'mistral:*'], cwd, groups: ['research', 'serve'] }),
    );
    expect(unknownProvider).toMatchObject({ key: 'allowedModels.0', received: 'mistral:*' });
    const wrongCommand = await failure(loadConfig({ argv: ['--port', '1'], cwd }));
    expect(wrongCommand).toMatchObject({ problem: 'unknown_option', flag: '--port' });
  });

  it("returns each options object as its schema's parse would: every default, keys in the schema's order", async () => {
    const cwd = await dirWithConfig(
      JSON.stringify({ maxSteps: 7, allowHosts: ['127.0.0.1:8080'], port: 9000 }),
    );
    const loaded = await loadConfig({
      cwd,
      groups: ['research', 'serve', 'read', 'corpus', 'output', 'general'],
      env: { DEEPRESEARCH_MODEL: 'ollama:llama3.1' },
      argv: [
        '--corpus',
        'notes',
        '--temperature',
        '0.3,writer=0.7',
        '--format',
        'json',
        '--limit',
        '5',
        '--json',
      ],
    });
    const parsed = {
      research: researchConfigSchema.parse(loaded.research),
      serve: serveSettingsSchema.parse(loaded.serve),
      read: readSettingsSchema.parse(loaded.read),
      corpus: corpusSettingsSchema.parse(loaded.corpus),
      output: outputSettingsSchema.parse(loaded.output),
    };
    for (const [target, options] of Object.entries(parsed)) {
      const given = loaded[target as keyof typeof parsed];
      expect(JSON.stringify(given), target).toBe(JSON.stringify(options));
    }
    expect(loaded.research).toMatchObject({ maxSteps: 7, model: 'ollama:llama3.1', corpus: ['notes'] });
    expect(loaded.research.temperature).toEqual({ default: 0.3, writer: 0.7 });
  });

  it('gives structured errors naming the flag, variable or file key, the expectation and the value', async () => {
    const cwd = await dirWithConfig(undefined);
    const fromFlag = await failure(loadConfig({ argv: ['--max-steps', '-3'], cwd }));
    expect(fromFlag).toMatchObject({
      problem: 'invalid_value',
      key: 'maxSteps',
      flag: '--max-steps',
      expected: 'a positive whole number',
      received: '-3',
    });
    expect(fromFlag.message).toBe(
      'Invalid value for --max-steps: must be a positive whole number, got "-3".',
    );
    const fromEnv = await failure(loadConfig({ env: { DEEPRESEARCH_MAX_TIME: '0' }, cwd }));
    expect(fromEnv).toMatchObject({ key: 'maxTimeSeconds', env: 'DEEPRESEARCH_MAX_TIME', received: '0' });
    expect((await failure(loadConfig({ argv: ['--model', 'gpt-4o'], cwd }))).message).toMatch(
      /--model: must be a model id "provider:model".*got "gpt-4o"/,
    );
    expect((await failure(loadConfig({ argv: ['--structured-output', 'xml'], cwd }))).message).toBe(
      'Invalid value for --structured-output: must be one of auto, json, tool, got "xml".',
    );
    const item = await failure(loadConfig({ argv: ['--allow-host', 'ok:1,bad/host'], cwd }));
    expect(item).toMatchObject({ key: 'allowHosts.1', received: 'bad/host' });
    const badFile = await dirWithConfig(JSON.stringify({ maxSteps: 'many' }));
    const fromFile = await failure(loadConfig({ cwd: badFile }));
    expect(fromFile).toMatchObject({
      key: 'maxSteps',
      file: join(badFile, 'deepresearch.config.json'),
      received: 'many',
    });
    expect(fromFile.message).toMatch(
      /^Invalid value for "maxSteps" in .*deepresearch\.config\.json: must be a positive whole number, got "many"\.$/,
    );
  });

  it('rejects an unknown key in the file, naming the one it most likely meant, and command-line-only keys', async () => {
    const unknown = await failure(loadConfig({ cwd: await dirWithConfig(JSON.stringify({ maxStep: 3 })) }));
    expect(unknown).toMatchObject({ problem: 'unknown_option', key: 'maxStep' });
    // One suggestion, not the list of every key.
    expect(unknown.message).toMatch(/^Unknown option "maxStep" in .*\. Did you mean "maxSteps"\?$/);
    const farOff = await failure(loadConfig({ cwd: await dirWithConfig(JSON.stringify({ colour: 'red' })) }));
    expect(farOff.message).toMatch(/Unknown option "colour" in .*\. Known options: .*maxSteps/);
    const commandLineOnly = await failure(
      loadConfig({ cwd: await dirWithConfig(JSON.stringify({ json: true })) }),
    );
    expect(commandLineOnly).toMatchObject({ problem: 'unknown_option', key: 'json' });
  });

  it('rejects a config file that is not JSON, and a missing --config file, naming the file', async () => {
    const cwd = await dirWithConfig('{ model: oops');
    expect((await failure(loadConfig({ cwd }))).message).toMatch(
      /deepresearch\.config\.json is not valid JSON/,
    );
    const empty = await dirWithConfig(undefined);
    expect((await failure(loadConfig({ cwd: empty, file: 'nope.json' }))).message).toMatch(
      /^Cannot read config file .*nope\.json: no such file \(ENOENT\)\. Name a JSON file with --config\.$/,
    );
    expect((await failure(loadConfig({ cwd: empty, file: '.' }))).message).toMatch(
      /^Cannot read config file .*: it is a folder, not a file \(EISDIR\)\. Name a JSON file with --config\.$/,
    );
  });

  it('shows a value nested too deep to print whole, cut to its start, in the error naming its key', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const error = await failure(loadConfig({ cwd: await dirWithConfig(`{"maxSteps": ${deep}}`) }));
    expect(error).toMatchObject({ problem: 'invalid_value', key: 'maxSteps' });
    expect(error.message).toMatch(/must be a positive whole number, got \[{79}…\.$/);
  });

  it('words flag mistakes itself: a missing value, a value for a switch', async () => {
    const cwd = await dirWithConfig(undefined);
    expect((await failure(loadConfig({ argv: ['q', '--model'], cwd }))).message).toBe(
      '--model needs a value (ID).',
    );
    expect((await failure(loadConfig({ argv: ['--model', '--report'], cwd }))).message).toMatch(
      /^--model needs a value \(ID\), got the flag --report\./,
    );
    expect((await failure(loadConfig({ argv: ['--json=yes'], cwd }))).message).toBe(
      '--json takes no value, got "yes".',
    );
  });
});
