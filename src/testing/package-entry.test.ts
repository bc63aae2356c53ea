import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../config/schemas.js';
import { createApp, createRunService } from '../server/index.js';
import { createMemoryStore } from '../store/index.js';
import * as testing from './index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every `.ts` file under `folder`, as paths relative to the repository root. */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => relative(ROOT, join(ROOT, folder, name)));
}

/**
 * The files `npm run build` compiles into dist/ (tsconfig.build.json: src minus tests, type tests
 * and testing/vitest).
 */
function builtFiles(): string[] {
  return sourceFiles('src').filter(
    (file) => !/\.test(-d)?\.ts$/.test(file) && !file.startsWith(join('src', 'testing', 'vitest')),
  );
}

const importsOf = (file: string) =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(/from\s+'([^']+)'|import\('([^']+)'\)/g)].map(
    (match) => match[1] ?? match[2] ?? '',
  );

describe('deepresearch/testing', () => {
  it('is the built form of src/testing/index.ts', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(manifest.exports['./testing'].import).toBe('./dist/testing/index.js');
    expect(existsSync(join(ROOT, 'src', 'testing', 'index.ts'))).toBe(true);
  });

  it('gives library users a fake engine that drives the real server to a finished run', async () => {
    const runner = testing.createFakeRunner({ steps: 1, answer: 'Forty-two [1].' });
    const config = parseResearchConfig({});
    const runs = createRunService({ store: createMemoryStore(), runner, config });
    const server = createApp({ runs, config });
    const created = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'What is the answer?' }),
    });
    const { id } = (await created.json()) as { id: string };
    const ended = await runs.waitForEnd(id);
    expect(ended.result?.answer).toBe('Forty-two [1].');
    expect(runner.calls[0]?.options.question).toBe('What is the answer?');
  });

  it('gives library users a scripted search provider that records its calls', async () => {
    const search = testing.createFakeSearch([
      { url: 'https://example.com/', title: 'Example', snippet: 'x' },
    ]);
    const results = await search.search({ query: 'example' });
    expect(results.map((result) => result.url)).toEqual(['https://example.com/']);
    expect(search.calls).toHaveLength(1);
  });

  it('builds nothing that imports vitest (helpers that need it live in testing/vitest/, not built)', () => {
    const offenders = builtFiles().filter((file) =>
      importsOf(file).some((name) => name === 'vitest' || name.startsWith('vitest/')),
    );
    expect(offenders).toEqual([]);
    const build = readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8');
    expect(build).toContain('src/testing/vitest/**');
    expect(build).toContain('src/**/*.test-d.ts');
  });

  it('keeps production modules from importing the test doubles', () => {
    const production = builtFiles().filter((file) => !file.startsWith(join('src', 'testing')));
    const offenders = production.filter((file) =>
      importsOf(file).some((name) => /(^|\/)testing\//.test(name)),
    );
    expect(offenders).toEqual([]);
  });
});
