import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../src/config/schemas.js';
import { research } from '../src/research/index.js';
import { createApp, createRunService } from '../src/server/index.js';
import { createMemoryStore } from '../src/store/index.js';
import { runCli } from './helpers/run-cli.js';

// One bad value, three surfaces: each names the value the way its users set it, and all say what
// it must be and what it got in the same words.

const config = parseResearchConfig({});
const app = createApp({
  runs: createRunService({ store: createMemoryStore(), runner: research, config }),
  config,
  webDirectory: '/nonexistent-web-dist',
}).app;

async function apiError(path: string, body: unknown) {
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(400);
  return (await response.json()).error as { message: string; field?: string; param?: string };
}

describe('the same bad value on every surface', () => {
  it('a negative token budget: the flag, the variable, options.tokenBudget and budget_tokens', async () => {
    const flag = await runCli(['question', '--token-budget', '-3']);
    expect(flag.code).toBe(1);
    expect(flag.stderr).toBe(
      'deepresearch: Invalid value for --token-budget: must be a positive whole number, got "-3".\n',
    );
    const variable = await runCli(['question'], { env: { DEEPRESEARCH_TOKEN_BUDGET: '-3' } });
    expect(variable.stderr).toBe(
      'deepresearch: Invalid value for DEEPRESEARCH_TOKEN_BUDGET: must be a positive whole number, got "-3".\n',
    );
    const sessions = await apiError('/api/runs', { question: 'q', options: { tokenBudget: -3 } });
    expect(sessions).toEqual({
      code: 'invalid_request',
      field: 'options.tokenBudget',
      message: 'Invalid value for "options.tokenBudget": must be a positive whole number, got -3.',
    });
    const chat = await apiError('/v1/chat/completions', {
      model: 'deepresearch',
      messages: [{ role: 'user', content: 'q' }],
      budget_tokens: -3,
    });
    expect(chat).toMatchObject({
      param: 'budget_tokens',
      message: 'Invalid value for "budget_tokens": must be a positive whole number, got -3.',
    });
  });

  it('an unknown language code: --language, options.language and language_code', async () => {
    const flag = await runCli(['question', '--language', 'english']);
    expect(flag.stderr).toBe(
      'deepresearch: Invalid value for --language: must be a language code such as "en" or "pt-BR", got "english".\n',
    );
    const sessions = await apiError('/api/runs', { question: 'q', options: { language: 'english' } });
    expect(sessions.message).toBe(
      'Invalid value for "options.language": must be a language code such as "en" or "pt-BR", got "english".',
    );
    const chat = await apiError('/v1/chat/completions', {
      model: 'deepresearch',
      messages: [{ role: 'user', content: 'q' }],
      language_code: 'english',
    });
    expect(chat).toMatchObject({
      param: 'language_code',
      message:
        'Invalid value for "language_code": must be a language code such as "en" or "pt-BR", got "english".',
    });
  });

  /** What the CLI adds for a model key that is not set. */
  const KEYLESS =
    ' To try it without a key: "npm run demo" in a clone (a scripted model), or a local model with Ollama (--model ollama:llama3.1).';

  it('a model key that is not set: the CLI names the flag or the variable, and whose key --api-key is', async () => {
    const cli = await runCli(['question', '--model', 'anthropic:claude-sonnet-4-5']);
    expect(cli.stderr).toBe(
      `deepresearch: ANTHROPIC_API_KEY is not set; pass --api-key or set ANTHROPIC_API_KEY to use anthropic.${KEYLESS}\n`,
    );
    const other = await runCli([
      'question',
      '--model',
      'ollama:llama3',
      '--api-key',
      'k',
      '--evaluator-model',
      'google:gemini-2.5-flash',
    ]);
    expect(other.stderr).toBe(
      `deepresearch: GOOGLE_GENERATIVE_AI_API_KEY is not set; set it to use google (--api-key is the key of ollama models only).${KEYLESS}\n`,
    );
  });

  it('the config file names its key', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'dr-wording-'));
    await writeFile(join(dir, 'deepresearch.config.json'), JSON.stringify({ tokenBudget: -3 }));
    const run = await runCli(['question'], { cwd: dir });
    expect(run.stderr).toBe(
      `deepresearch: Invalid value for "tokenBudget" in ${join(dir, 'deepresearch.config.json')}: must be a positive whole number, got -3.\n`,
    );
  });
});
