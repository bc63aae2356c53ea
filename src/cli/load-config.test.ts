import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_STEPS, DEFAULT_MODEL } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { loadResearchConfig } from './load-config.js';

async function dirWithConfig(content: string | undefined): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dr-config-'));
  if (content !== undefined) await writeFile(join(dir, 'deepresearch.config.json'), content);
  return dir;
}

describe('loadResearchConfig', () => {
  it('fills defaults when nothing is given', async () => {
    const config = await loadResearchConfig({ flags: {}, env: {}, cwd: await dirWithConfig(undefined) });
    expect(config.model).toBe(DEFAULT_MODEL);
    expect(config.maxSteps).toBe(DEFAULT_MAX_STEPS);
    expect(config.search).toEqual(['duckduckgo', 'wikipedia']);
  });

  it('applies flags over env over the config file', async () => {
    const cwd = await dirWithConfig(JSON.stringify({ maxSteps: 5, tokenBudget: 1000, language: 'de' }));
    const config = await loadResearchConfig({
      flags: { 'max-steps': '7' },
      env: { DEEPRESEARCH_MAX_STEPS: '6', DEEPRESEARCH_TOKEN_BUDGET: '2000' },
      cwd,
    });
    expect(config.maxSteps).toBe(7);
    expect(config.tokenBudget).toBe(2000);
    expect(config.language).toBe('de');
  });

  it('takes the structured-output mode from the flag or env, and rejects other values naming the flag', async () => {
    const cwd = await dirWithConfig(undefined);
    expect((await loadResearchConfig({ flags: {}, env: {}, cwd })).structuredOutput).toBe('auto');
    const fromEnv = await loadResearchConfig({
      flags: {},
      env: { DEEPRESEARCH_STRUCTURED_OUTPUT: 'tool' },
      cwd,
    });
    expect(fromEnv.structuredOutput).toBe('tool');
    await expect(loadResearchConfig({ flags: { 'structured-output': 'xml' }, env: {}, cwd })).rejects.toThrow(
      /Invalid value for --structured-output: .*"auto"\|"json"\|"tool"/,
    );
  });

  it('splits list flags on commas and repetitions', async () => {
    const config = await loadResearchConfig({
      flags: { search: ['brave,wikipedia'], 'allow-host': ['127.0.0.1:8080', 'localhost:3000'] },
      env: {},
      cwd: await dirWithConfig(undefined),
    });
    expect(config.search).toEqual(['brave', 'wikipedia']);
    expect(config.allowHosts).toEqual(['127.0.0.1:8080', 'localhost:3000']);
  });

  it('names the flag, the variable or the file key that is wrong', async () => {
    const cwd = await dirWithConfig(undefined);
    await expect(loadResearchConfig({ flags: { 'token-budget': 'lots' }, env: {}, cwd })).rejects.toThrow(
      /--token-budget.*whole number.*"lots"/,
    );
    await expect(loadResearchConfig({ flags: {}, env: { DEEPRESEARCH_MAX_TIME: '0' }, cwd })).rejects.toThrow(
      /DEEPRESEARCH_MAX_TIME/,
    );
    await expect(loadResearchConfig({ flags: { model: 'gpt-4o' }, env: {}, cwd })).rejects.toThrow(
      /--model.*provider:model/,
    );
    const badFile = await dirWithConfig(JSON.stringify({ maxStep: 3 }));
    const error = await loadResearchConfig({ flags: {}, env: {}, cwd: badFile }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/Unknown option "maxStep".*Known options:.*maxSteps/);
  });

  it('rejects a config file that is not JSON, naming the file', async () => {
    const cwd = await dirWithConfig('{ model: oops');
    await expect(loadResearchConfig({ flags: {}, env: {}, cwd })).rejects.toThrow(
      /deepresearch\.config\.json is not valid JSON/,
    );
  });

  it('reports a missing --config file', async () => {
    const cwd = await dirWithConfig(undefined);
    await expect(loadResearchConfig({ flags: {}, env: {}, cwd, configPath: 'nope.json' })).rejects.toThrow(
      /Cannot read config file .*nope\.json/,
    );
  });
});
