/**
 * Findings on a synthetic 30-page run (pages of 15,000 characters, five sub-questions, facts buried
 * a third of the way into each page): characters read against characters of evidence that reached
 * the writer, findings of each sub-question in the writer's prompt, and the model calls and tokens
 * that extraction and claim verification cost, with their share of the run's tokens. Medians of
 * several runs, for an 8k-context model and a 128k one. The previous engine's figure is printed
 * beside ours: it gave the writer at most 8,000 characters of page passages ranked against the open
 * sub-questions only (`KNOWLEDGE_CHARS_PER_PROMPT` at f6792c5).
 * Run: npx tsx bench/findings-run.ts [--runs N]
 */
import type { ResearchEvent } from '../src/contract/index.js';
import { research } from '../src/research/index.js';
import { createFakeReader } from '../src/testing/fake-reader.js';
import { createFakeSearch } from '../src/testing/fake-search.js';
import {
  createScriptedModel,
  type ScriptedCall,
  ScriptedReplyDetail,
} from '../src/testing/scripted-model.js';
import {
  SYNTHETIC_QUESTION,
  SYNTHETIC_TOPICS,
  syntheticPages,
  syntheticResearcher,
  syntheticResults,
} from '../src/testing/synthetic-pages.js';

const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag === -1 ? 5 : Math.max(1, Number(process.argv[runsFlag + 1]) || 5);
/** What the previous engine gave its answer prompt at most, in characters of page text. */
const PEER_WRITER_CHARS = 8_000;

const pages = syntheticPages(30, 15_000);
const urls = Object.keys(pages);
const charsRead = Object.values(pages).reduce((sum, page) => sum + (page.text?.length ?? 0), 0);

/** Which part of the run a call belongs to, by the output it asks for. */
function partOf(call: ScriptedCall): 'extraction' | 'verification' | 'writing' | 'planning' | 'evaluation' {
  const name = call.schemaName;
  if (name === 'findings' || name === 'overflow_notes') return 'extraction';
  if (name === 'claim_verdicts' || name === 'revisions') return 'verification';
  if (!name || name === 'report_outline') return 'writing';
  if (name.startsWith('evaluation')) return 'evaluation';
  return 'planning';
}

interface RunFigures {
  writerEvidenceChars: number;
  findings: number;
  /** Findings shown in the writer's prompt, merged duplicates counted. */
  findingsInWriter: number;
  subQuestionsInWriter: number;
  totalTokens: number;
  calls: Record<string, number>;
  tokens: Record<string, number>;
  claims: string;
  status: string;
}

async function runOnce(contextTokens: number): Promise<RunFigures> {
  const script = syntheticResearcher(urls);
  const calls: Record<string, number> = {};
  const tokens: Record<string, number> = {};
  // Usage like a provider reports it: about four characters a token, prompt and reply.
  const model = createScriptedModel((call) => {
    const reply = script(call);
    const text = typeof reply === 'string' ? reply : JSON.stringify(reply);
    const inputTokens = Math.ceil((call.system.length + call.prompt.length) / 4);
    const outputTokens = Math.ceil(text.length / 4);
    const part = partOf(call);
    calls[part] = (calls[part] ?? 0) + 1;
    tokens[part] = (tokens[part] ?? 0) + inputTokens + outputTokens;
    return new ScriptedReplyDetail(reply, { usage: { inputTokens, outputTokens } });
  });
  const events: ResearchEvent[] = [];
  const result = await research(
    { question: SYNTHETIC_QUESTION, model: 'scripted:model', contextTokens, maxSteps: 14 },
    {
      languageModels: { 'scripted:model': model },
      searchProviders: [createFakeSearch(syntheticResults(pages))],
      reader: createFakeReader(pages),
      onEvent: (event) => events.push(event),
    },
  );
  const writer = model.calls.find((call) => !call.schemaName && call.system.includes('You write the answer'));
  const prompt = writer?.prompt ?? '';
  const evidenceAt = prompt.indexOf('<evidence>');
  const evidence = evidenceAt === -1 ? '' : prompt.slice(evidenceAt);
  const represented = SYNTHETIC_TOPICS.filter((_, index) =>
    new RegExp(`## q${index + 1} \\([a-z]+\\)[^\\n]*\\n\\[F\\d+\\]`).test(evidence),
  ).length;
  return {
    writerEvidenceChars: evidence.length,
    findings: events.filter((event) => event.type === 'finding').length,
    findingsInWriter: new Set(evidence.match(/F\d+/g) ?? []).size,
    subQuestionsInWriter: represented,
    totalTokens: result.usage.totalTokens,
    calls,
    tokens,
    claims: `${result.claims.supported}/${result.claims.total}`,
    status: `${result.status}/${result.stopReason}`,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

console.log(
  `30 pages, ${charsRead.toLocaleString('en')} characters read, ${SYNTHETIC_TOPICS.length} sub-questions; ${RUNS} runs per setting.`,
);
for (const contextTokens of [8_192, 128_000]) {
  const runs: RunFigures[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await runOnce(contextTokens));
  const of = (pick: (figures: RunFigures) => number) => median(runs.map(pick));
  const total = of((figures) => figures.totalTokens);
  const extractionTokens = of((figures) => figures.tokens.extraction ?? 0);
  const verificationTokens = of((figures) => figures.tokens.verification ?? 0);
  const writerChars = of((figures) => figures.writerEvidenceChars);
  console.log(
    `\ncontext window ${contextTokens.toLocaleString('en')} tokens (${runs[0]?.status}, claims supported ${runs[0]?.claims}):`,
  );
  console.log(
    `  evidence that reached the writer: ${writerChars.toLocaleString('en')} characters (${percent(writerChars, charsRead)} of what was read): ${of((figures) => figures.findingsInWriter)} of ${of((figures) => figures.findings)} findings, ${of((figures) => figures.subQuestionsInWriter)} of ${SYNTHETIC_TOPICS.length} sub-questions in the writer's prompt; previous engine: at most ${PEER_WRITER_CHARS.toLocaleString('en')} characters of passages (${percent(PEER_WRITER_CHARS, charsRead)}), open sub-questions only`,
  );
  console.log(
    `  extraction: ${of((figures) => figures.calls.extraction ?? 0)} calls, ${extractionTokens.toLocaleString('en')} tokens (${percent(extractionTokens, total)} of the run)`,
  );
  console.log(
    `  verification: ${of((figures) => figures.calls.verification ?? 0)} calls, ${verificationTokens.toLocaleString('en')} tokens (${percent(verificationTokens, total)} of the run)`,
  );
  console.log(
    `  together ${percent(extractionTokens + verificationTokens, total)} of ${total.toLocaleString('en')} tokens; planning ${of((figures) => figures.tokens.planning ?? 0).toLocaleString('en')}, writing ${of((figures) => figures.tokens.writing ?? 0).toLocaleString('en')}, evaluation ${of((figures) => figures.tokens.evaluation ?? 0).toLocaleString('en')}`,
  );
}
