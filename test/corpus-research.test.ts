import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../src/contract/index.js';
import { research } from '../src/research/index.js';
import { codeResearcher } from '../src/testing/code-researcher.js';
import { demoModel } from '../src/testing/demo-model.js';
import {
  type FakeLlmScript,
  type FakeLlmServer,
  startFakeLlmServer,
} from '../src/testing/fake-llm-server.js';
import { copyCorpusFixture } from './helpers/corpus-fixture.js';

const QUESTION = 'How does the Router match request paths?';

let fixture: Awaited<ReturnType<typeof copyCorpusFixture>>;
let dataHome: string;
let llm: FakeLlmServer | undefined;

beforeEach(async () => {
  fixture = await copyCorpusFixture();
  dataHome = await mkdtemp(join(tmpdir(), 'corpus-data-'));
});
afterEach(async () => {
  await llm?.close();
  llm = undefined;
  await fixture.cleanup();
  await rm(dataHome, { recursive: true, force: true });
});

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

async function run(script: FakeLlmScript, options: Record<string, unknown> = {}) {
  llm = await startFakeLlmServer({ script });
  const events: ResearchEvent[] = [];
  const result = await research(
    {
      question: QUESTION,
      model: 'openai-compatible:fake',
      baseURL: llm.url,
      apiKey: 'sk-test',
      corpus: [fixture.root],
      noDirectAnswer: true,
      ...options,
    },
    { env: { XDG_DATA_HOME: dataHome }, onEvent: (event) => events.push(event) },
  );
  return { result, events };
}

const toolsCalled = (events: ResearchEvent[]) =>
  events.flatMap((event) => (event.type === 'tool-call' ? [event.tool] : []));

describe('research over a corpus with the corpus tools', () => {
  it('answers a code question with path:lines citations whose quotes are in those lines', async () => {
    const { result, events } = await run(codeResearcher());
    expect(result.status, JSON.stringify(result.error)).toBe('completed');
    expect(new Set(toolsCalled(events))).toEqual(
      new Set(['read_map', 'search_corpus', 'resolve_symbol', 'read_file']),
    );
    expect(result.references.length).toBeGreaterThan(0);
    for (const reference of result.references) {
      expect(reference.verified).toBe(true);
      expect(reference.url).toMatch(/^corpus:\/\/repo\//);
      expect(reference.path).toBeDefined();
      const lines = (await readFile(join(fixture.root, reference.path ?? ''), 'utf8')).split('\n');
      const cited = lines.slice((reference.startLine ?? 1) - 1, reference.endLine).join('\n');
      for (const quote of reference.quote.split(' … ')) expect(normalise(cited)).toContain(normalise(quote));
    }
    expect(result.claims.total).toBeGreaterThan(0);
    expect(result.claims.supported).toBe(result.claims.total);
    // Each tool's result reaches the planner's next prompt.
    const last = JSON.stringify(
      (llm?.requests ?? []).filter((request) => JSON.stringify(request).includes('next_action')).at(-1)
        ?.messages,
    );
    expect(last).toContain('read_map (whole corpus): 12 files');
    expect(last).toMatch(
      /search_corpus \\"How does the Router match request paths\?\\" \(hybrid\): \d+ passages/,
    );
    expect(last).toMatch(/- Router \(class\) src\/router\.ts:\d+-\d+/);
    expect(last).toContain('resolve_symbol Router (callers)');
    expect(last).toMatch(/read_file src\/router\.ts:\d+-\d+ \(the file has 36 lines/);
  });

  it('offers only the corpus actions without web, and both with web', async () => {
    const { events } = await run(codeResearcher());
    expect(toolsCalled(events)).not.toContain('search');
    const planner = (llm?.requests ?? []).filter((request) =>
      JSON.stringify(request).includes('next_action'),
    );
    expect(planner.length).toBeGreaterThan(0);
    const schemaText = JSON.stringify(planner[0]);
    expect(schemaText).toContain('search_corpus');
    expect(schemaText).not.toContain('Search the web.');
    await llm?.close();
    const withWeb = await run(codeResearcher(), { web: true });
    expect(withWeb.result.status).toBe('completed');
    const webPlanner = (llm?.requests ?? []).find((request) =>
      JSON.stringify(request).includes('next_action'),
    );
    expect(JSON.stringify(webPlanner)).toContain('Search the web.');
    expect(JSON.stringify(webPlanner)).toContain('search_corpus');
  });

  it('verifies nothing when the extractor quotes lines it did not read, one word, or another file', async () => {
    const findings = () => ({
      findings: [
        // In src/router.ts, but far from the lines read.
        {
          source: 1,
          subQuestion: 'q1',
          claim: 'Routes are kept in a list.',
          quotes: ['export interface Route {'],
        },
        // One word: present, but too short to support anything.
        {
          source: 1,
          subQuestion: 'q1',
          claim: 'The Router class dispatches paths to handlers.',
          quotes: ['Router'],
        },
        // From another file.
        {
          source: 1,
          subQuestion: 'q1',
          claim: 'The server registers a users route.',
          quotes: ["router.addRoute('/users/:id', (params) =>"],
        },
      ],
    });
    const answer = () =>
      'Routes are kept in a list [F1]. The Router class dispatches paths to handlers [F2]. The server registers a users route [F3].';
    // One sub-question at a time: sub-researchers would read the lines these quotes are on.
    const { result, events } = await run(codeResearcher({ findings, answer }), { breadth: 1 });
    expect(result.references.filter((reference) => reference.verified)).toEqual([]);
    expect(result.claims.supported).toBe(0);
    expect(result.claims.total).toBeGreaterThan(0);
    expect(events.some((event) => event.type === 'warning' && event.code === 'quote_not_found')).toBe(true);
  });

  it('survives a planner that repeats itself, leaves the corpus and asks for semantic search without a model', async () => {
    let call = 0;
    const actions = [
      { type: 'read_file', path: '../../../etc/passwd' },
      { type: 'search_corpus', query: 'cache', mode: 'semantic' },
      { type: 'search_corpus', query: 'evict oldest', mode: 'lexical' },
      { type: 'search_corpus', query: 'evict oldest', mode: 'lexical' },
      { type: 'resolve_symbol', name: 'NoSuchThing', kind: 'callers' },
    ];
    const base = codeResearcher();
    const script: FakeLlmScript = (request) => {
      if (!JSON.stringify(request).includes('next_action')) return base(request);
      const action = actions[Math.min(call, actions.length - 1)];
      call += 1;
      return JSON.stringify({ think: 'x', action: call > actions.length + 2 ? actions[3] : action });
    };
    const { result, events } = await run(script, { maxSteps: 12, breadth: 1 });
    expect(['best_effort', 'completed']).toContain(result.status);
    const results = events.flatMap((event) => (event.type === 'tool-result' ? [event] : []));
    expect(results.find((event) => event.tool === 'read_file')?.ok).toBe(false);
    expect(results.find((event) => event.tool === 'read_file')?.error?.code).toBe('path_outside_corpus');
    expect(results.find((event) => event.tool === 'search_corpus')?.error?.code).toBe('needs_embed_model');
    expect(events.some((event) => event.type === 'observation' && /already done/.test(event.text))).toBe(
      true,
    );
    // The engine's own policy researched past the planner's repeats: the run answers.
    expect(result.stopReason).toBe('evaluation_passed');
  });

  it('reads the files of the top hits itself when the planner only searches, then answers from them', async () => {
    let call = 0;
    const base = codeResearcher();
    const script: FakeLlmScript = (request) => {
      if (!JSON.stringify(request).includes('next_action')) return base(request);
      call += 1;
      return JSON.stringify(
        call === 1
          ? { think: 'Search.', action: { type: 'search_corpus', query: 'matchPath route', mode: 'lexical' } }
          : { think: 'Enough.', action: { type: 'ready', reason: 'The hits say it.' } },
      );
    };
    const { result, events } = await run(script, { strategy: 'agent', breadth: 1 });
    expect(toolsCalled(events)).toContain('read_file');
    expect(
      events.some(
        (event) => event.type === 'thought' && /refused: ready without any finding/.test(event.text),
      ),
    ).toBe(true);
    expect(result.references.length).toBeGreaterThan(0);
    expect(result.references.every((reference) => reference.verified)).toBe(true);
  });

  it('plans with the repository map and nudges once when every read stays in one folder', async () => {
    const reads = ['src/router.ts', 'src/server.ts', 'src/util/format-label.ts', 'src/util/greet.js'];
    let call = 0;
    const base = codeResearcher();
    const script: FakeLlmScript = (request) => {
      if (!JSON.stringify(request).includes('next_action')) return base(request);
      const path = reads[call];
      call += 1;
      return JSON.stringify({
        think: 'Read on.',
        action: path
          ? { type: 'read_file', path, startLine: 1, endLine: 30 }
          : { type: 'ready', reason: 'Done.' },
      });
    };
    const { events } = await run(script);
    const prompts = (llm?.requests ?? []).map((request) => JSON.stringify(request.messages));
    expect(prompts.find((prompt) => prompt.includes('<corpus-map>'))).toContain('src/router.ts');
    const nudged = prompts.filter((prompt) =>
      prompt.includes('Hint: Every file read so far (3) is under src/'),
    );
    expect(nudged).toHaveLength(1);
    expect(
      events.filter((event) => event.type === 'observation' && event.text.startsWith('Nudge:')),
    ).toHaveLength(1);
    expect(prompts.some((prompt) => /Coverage: 4 files in 2 folders/.test(prompt))).toBe(true);
  });
});

describe('the lead beside sub-researchers', () => {
  it('never reads a file a sub-researcher reads: each file once, each finding once (the demo model, breadth 3)', async () => {
    const { result, events } = await run(demoModel, {
      question: 'How is the configuration loaded?',
      strategy: 'agent',
      breadth: 3,
    });
    expect(result.claims.supported).toBeGreaterThan(0);
    const files = events.flatMap((event) =>
      event.type === 'tool-call' && event.tool === 'read_file' ? [String(event.input.path)] : [],
    );
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(files).size).toBe(files.length);
    const claims = events.flatMap((event) => (event.type === 'finding' ? [event.finding.claim] : []));
    expect(new Set(claims).size).toBe(claims.length);
  });
});

describe('research over a folder with no file to index', () => {
  it('says the corpus is empty, naming the folder and --web, before asking the model anything', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'corpus-empty-'));
    try {
      // A binary file is skipped by the indexer, so the folder is not bare but its index is empty.
      await writeFile(join(empty, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
      const { result, events } = await run(demoModel, { corpus: [empty] });
      expect(result.status).toBe('failed');
      expect(result.error?.code).toBe('empty_corpus');
      expect(result.error?.message).toContain(await realpath(empty));
      expect(result.error?.message).toContain('--web');
      expect(result.error?.message).toContain('1 skipped: binary');
      expect(llm?.requests).toHaveLength(0);
      expect(events.some((event) => event.type === 'plan')).toBe(false);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
