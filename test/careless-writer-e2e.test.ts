/**
 * Every surface with a writer that gets its answer wrong the way small models do: it misstates a
 * figure (1889 → 1899), adds a sentence citing nothing ("repainted every 7 years at a cost of 4
 * million euros"), or negates its quote ("was not finished"), and ignores the request to revise.
 * The user must see that sentence as unsupported: counted in `claims.unsupported` with a reason,
 * never carrying a citation, and the claim figures short of full support.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ResearchResult } from '../src/contract/index.js';
import type { QuestionResult } from '../src/eval/index.js';
import { carelessWriter, UNCITED_SENTENCE, type WriterFault } from '../src/testing/careless-writer.js';
import { evalResearcher } from '../src/testing/eval-researcher.js';
import { demoServers } from './helpers/demo-server.js';
import { callTool } from './helpers/mcp-client.js';
import { runCli } from './helpers/run-cli.js';

const question = 'When was the Eiffel Tower completed?';
const TOKEN = 'careless-writer-token';

const servers = demoServers();

/** What the faulty sentence of each fault holds, whatever other words surround it. */
const FAULTY: Record<WriterFault, RegExp> = {
  'misstate-figure': /\b1899\b/,
  'cite-nothing': /4 million euros/,
  contradict: /\bwas not\b/,
};

/** The sentences of an answer (markers included) that match `pattern`. */
function sentencesMatching(answer: string, pattern: RegExp): string[] {
  return (answer.match(/[^.!?\n]+[.!?](?:\s*\[\d+(?:,\s*\d+)*\])?/g) ?? []).filter((sentence) =>
    pattern.test(sentence),
  );
}

/**
 * The claims of a result hold the faulty sentence as unsupported, with a reason, and are short of
 * full support; the answer never presents that sentence with a citation.
 */
function expectShownUnsupported(result: Pick<ResearchResult, 'answer' | 'claims'>, fault: WriterFault): void {
  const pattern = FAULTY[fault];
  const flagged = result.claims.unsupported.filter((claim) => pattern.test(claim.text));
  expect(flagged.length, JSON.stringify(result.claims)).toBeGreaterThan(0);
  for (const claim of flagged) expect(claim.reason.trim()).not.toBe('');
  expect(result.claims.supported).toBeLessThan(result.claims.total);
  for (const sentence of sentencesMatching(result.answer, pattern)) expect(sentence).not.toMatch(/\[\d+/);
}

/** The real server app (run service, auth, memory store) on a port, over a demo world with a careless writer. */
function startServer(fault: WriterFault) {
  return servers.startServer({
    world: { script: carelessWriter(fault) },
    app: { authTokens: [TOKEN], requestsPerMinute: 10_000 },
  });
}

const authorized = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

describe('a careless writer on every surface', () => {
  it('CLI --json: a misstated figure is listed unsupported and carries no citation', async () => {
    const world = await servers.startWorld({ script: carelessWriter('misstate-figure') });
    const run = await runCli([question, ...world.args, '--json', '--no-direct-answer']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as ResearchResult;
    expectShownUnsupported(result, 'misstate-figure');
    // The true figure of the source stays what the verified references quote.
    for (const reference of result.references.filter((item) => item.verified))
      expect(reference.quote).not.toMatch(/1899/);
  });

  it('CLI markdown: a sentence citing nothing is shown as not supported', async () => {
    const world = await servers.startWorld({ script: carelessWriter('cite-nothing') });
    const run = await runCli([question, ...world.args, '--no-direct-answer']);
    expect(run.code, run.stderr).toBe(0);
    const sentences = sentencesMatching(run.stdout, FAULTY['cite-nothing']);
    expect(sentences.length).toBeGreaterThan(0);
    for (const sentence of sentences) expect(sentence).not.toMatch(/\[\d+/);
    // Listed under the claims that could not be supported (or verified), with its reason.
    const listed = run.stdout.slice(run.stdout.search(/not (?:be )?(?:supported|verified)/i));
    expect(listed).toContain(UNCITED_SENTENCE.replace(/\.$/, ''));
  });

  it('server sessions API: a sentence contradicting its quote is unsupported in the stored run', async () => {
    const { server } = await startServer('contradict');
    const created = await server.app.request('/api/runs', {
      method: 'POST',
      headers: authorized,
      body: JSON.stringify({ question, options: { noDirectAnswer: true } }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await (await server.app.request(`/api/runs/${id}/events`, { headers: authorized })).text();
    const detail = await (await server.app.request(`/api/runs/${id}`, { headers: authorized })).json();
    expectShownUnsupported(detail.result, 'contradict');
  });

  it('/v1: a misstated figure is never annotated with a citation, and the run behind it counts it unsupported', async () => {
    const { server } = await startServer('misstate-figure');
    const response = await server.app.request('/v1/chat/completions', {
      method: 'POST',
      headers: authorized,
      body: JSON.stringify({ model: 'deepresearch', messages: [{ role: 'user', content: question }] }),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    const message = body.choices[0].message as {
      content: string;
      reasoning_content: string;
      annotations: { url_citation: { start_index: number; end_index: number } }[];
    };
    for (const sentence of sentencesMatching(message.content, FAULTY['misstate-figure'])) {
      expect(sentence).not.toMatch(/\[\d+/);
      const start = message.content.indexOf(sentence);
      const end = start + sentence.length;
      for (const { url_citation: citation } of message.annotations)
        expect(citation.end_index <= start || citation.start_index >= end).toBe(true);
    }
    // The checks saw the misstatement: the claim figures of the run behind the completion say so.
    const id = (await server.store.listRuns({ limit: 1 })).runs[0]?.id ?? '';
    const detail = await (await server.app.request(`/api/runs/${id}`, { headers: authorized })).json();
    expectShownUnsupported(detail.result, 'misstate-figure');
  });

  it('MCP research: a sentence citing nothing is unsupported in the structured result and uncited in the text', async () => {
    const { url } = await startServer('cite-nothing');
    const client = await servers.connect(url, TOKEN);
    const result = await callTool(client, 'research', { question }, { timeout: 60_000 });
    expect(result.isError).not.toBe(true);
    expectShownUnsupported(result.structuredContent as unknown as ResearchResult, 'cite-nothing');
    const text = result.content.map((part) => part.text ?? '').join('\n');
    for (const sentence of sentencesMatching(text, FAULTY['cite-nothing']))
      expect(sentence).not.toMatch(/\[\d+/);
  });

  it('eval: a sentence citing nothing counts as an unsupported claim of the question and in the summary', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'deepresearch-careless-eval-'));
    servers.closeAfter(async () => rmSync(directory, { recursive: true, force: true }));
    const world = await servers.startWorld({
      script: carelessWriter('cite-nothing', evalResearcher({ answers: {} })),
    });
    const dataset = fileURLToPath(new URL('./fixtures/eval/hotpotqa-10.json', import.meta.url));
    const out = join(directory, 'out');
    const run = await runCli(
      [
        'eval',
        dataset,
        '--limit',
        '1',
        '--model',
        'openai-compatible:fake',
        '--base-url',
        world.llm.url,
        '--out',
        out,
        '--db',
        join(directory, 'runs.db'),
        '--quiet',
      ],
      { timeoutMs: 90_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    const [line] = readFileSync(join(out, 'results.jsonl'), 'utf8').split('\n');
    const result = JSON.parse(line ?? '{}') as QuestionResult;
    expect(result.citations.claims?.unsupported).toBeGreaterThan(0);
    expect(result.citations.claims?.supported).toBeLessThan(result.citations.claims?.total ?? 0);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.citations.claims.unsupported).toBeGreaterThan(0);
    expect(summary.citations.claims.supportedShare).toBeLessThan(1);
  });
});
