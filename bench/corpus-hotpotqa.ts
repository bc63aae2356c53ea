/**
 * Lexical retrieval on HotpotQA's distractor setting, when its data is given: Recall@5 of each
 * question's supporting paragraphs (the titles in its `supporting_facts`) among the first five
 * distinct paragraphs, two ways, with plain BM25 over the same paragraphs in the same run:
 *   pooled: the context paragraphs of all the questions taken (the first N, default 100) in one
 *     corpus, one file each (a title seen twice is one paragraph), every question searched in it;
 *   alone: each question's own paragraphs (two supporting, eight distractors) as its corpus, as
 *     `deepresearch eval --format hotpotqa` gives them to a run.
 * Also the share of questions with every supporting paragraph in the first five, by question type.
 * HotpotQA is not in ../shared/benchmark-data: pass `--data <hotpot_dev_distractor_v1.json>` (a JSON
 * array or JSON lines, as published at https://hotpotqa.github.io), or put the file at
 * ../shared/benchmark-data/hotpotqa/hotpot_dev_distractor_v1.json; without either the bench says so
 * and exits 0. `--data test/fixtures/eval/hotpotqa-10.json` runs it on the repository's 10-question
 * fixture (a smoke run, not a measurement).
 * Usage: npx tsx bench/corpus-hotpotqa.ts [--data FILE] [--limit N] [--no-alone]
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCorpus } from '../src/corpus/index.js';
import { benchmarkDataPath, readText } from './lib/benchmark-data.js';
import { flagValue } from './lib/options.js';
import { plainBm25 } from './lib/plain-bm25.js';
import { distinct, mean, recallAt } from './lib/retrieval-metrics.js';

const argv = process.argv.slice(2);
const flag = (name: string) => flagValue(name, argv);
const DEFAULT_DATA = benchmarkDataPath('hotpotqa/hotpot_dev_distractor_v1.json');
const dataPath = flag('--data') ?? DEFAULT_DATA;
const limit = Number.parseInt(flag('--limit') ?? '100', 10);
if (!Number.isInteger(limit) || limit < 1) {
  console.error(`--limit must be a whole number of questions (1 or more), got "${flag('--limit')}".`);
  process.exit(1);
}
if (!existsSync(dataPath)) {
  console.log(
    `HotpotQA not found at ${dataPath}; nothing to measure. Skipping. Pass --data <hotpot_dev_distractor_v1.json> (https://hotpotqa.github.io).`,
  );
  process.exit(0);
}

interface Question {
  id: string;
  question: string;
  type: string;
  supporting: Set<string>;
  paragraphs: Array<{ title: string; text: string }>;
}

/** The questions of a HotpotQA file, JSON array or JSON lines; a record without what the bench reads is named. */
function readQuestions(text: string): Question[] {
  const trimmed = text.trimStart();
  const records: unknown[] = trimmed.startsWith('[')
    ? (JSON.parse(trimmed) as unknown[])
    : trimmed
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as unknown);
  return records.map((record, index) => {
    const item = record as {
      _id?: unknown;
      question?: unknown;
      type?: unknown;
      supporting_facts?: unknown;
      context?: unknown;
    };
    if (
      typeof item._id !== 'string' ||
      typeof item.question !== 'string' ||
      !Array.isArray(item.supporting_facts) ||
      !Array.isArray(item.context)
    ) {
      throw new Error(
        `${dataPath}: record ${index + 1} lacks "_id", "question", "supporting_facts" or "context" (a HotpotQA dev or train file has them; the test file has no supporting facts).`,
      );
    }
    return {
      id: item._id,
      question: item.question,
      type: typeof item.type === 'string' ? item.type : 'unknown',
      supporting: new Set((item.supporting_facts as Array<[string, number]>).map(([title]) => title)),
      paragraphs: (item.context as Array<[string, string[]]>).map(([title, sentences]) => ({
        title,
        text: sentences.join(''),
      })),
    };
  });
}

let questions: Question[];
try {
  questions = readQuestions(readText(dataPath)).slice(0, limit);
} catch (error) {
  const reason =
    error instanceof SyntaxError
      ? `${dataPath} is not JSON or JSON lines: ${error.message}`
      : (error as Error).message;
  console.error(reason);
  process.exit(1);
}

type Ranker = (query: string) => Promise<string[]>;

type Corpus = Awaited<ReturnType<typeof corpusOf>>;

/** Writes paragraphs one file each and indexes them; the ranker gives titles, best first. */
async function corpusOf(folder: string, paragraphs: Array<{ title: string; text: string }>) {
  const root = join(folder, 'docs');
  await mkdir(root, { recursive: true });
  const titleOf = new Map<string, string>();
  for (const [index, paragraph] of paragraphs.entries()) {
    const name = `p${index}.md`;
    titleOf.set(name, paragraph.title);
    await writeFile(join(root, name), `# ${paragraph.title}\n\n${paragraph.text}\n`);
  }
  const { corpus } = await ensureCorpus({ root, indexPath: join(folder, 'index.sqlite') });
  const ours: Ranker = async (query) => {
    const hits = await corpus.searchCorpus({ query, mode: 'lexical', limit: 50 });
    return distinct(hits.map((hit) => titleOf.get(hit.path) ?? hit.path));
  };
  const bm25 = plainBm25(
    paragraphs.map((paragraph) => ({ id: paragraph.title, text: `${paragraph.title}\n${paragraph.text}` })),
  );
  const plain: Ranker = async (query) => bm25(query);
  return { ours, plain, close: () => corpus.close() };
}

interface Outcome {
  type: string;
  recall: number;
  all: boolean;
}

async function measure(question: Question, ranker: Ranker): Promise<Outcome> {
  const ranked = await ranker(question.question);
  const recall = recallAt(5, ranked, question.supporting);
  return { type: question.type, recall, all: recall === 1 };
}

function report(name: string, outcomes: Outcome[]): void {
  const types = [...new Set(outcomes.map((outcome) => outcome.type))].sort();
  const byType = types
    .map((type) => {
      const ofType = outcomes.filter((outcome) => outcome.type === type);
      return `${type} ${mean(ofType.map((outcome) => outcome.recall)).toFixed(3)} (${ofType.length})`;
    })
    .join(', ');
  console.log(
    `  ${name.padEnd(34)} Recall@5 ${mean(outcomes.map((o) => o.recall)).toFixed(3)}  all found ${mean(outcomes.map((o) => (o.all ? 1 : 0))).toFixed(3)}  by type: ${byType}`,
  );
}

const base = await mkdtemp(join(tmpdir(), 'hotpotqa-'));
try {
  const seen = new Map<string, { title: string; text: string }>();
  for (const question of questions)
    for (const paragraph of question.paragraphs)
      if (!seen.has(paragraph.title)) seen.set(paragraph.title, paragraph);
  console.log(
    `HotpotQA (${dataPath}): ${questions.length} questions, ${seen.size} distinct paragraphs pooled`,
  );
  // Ours and plain BM25 side by side, each question searched in the corpus it is given.
  const both = async (question: Question, corpus: Corpus) => ({
    ours: await measure(question, corpus.ours),
    plain: await measure(question, corpus.plain),
  });
  const measureAll = async (
    title: string,
    outcomesOf: (question: Question, index: number) => Promise<{ ours: Outcome; plain: Outcome }>,
  ) => {
    const ours: Outcome[] = [];
    const plain: Outcome[] = [];
    for (const [index, question] of questions.entries()) {
      const outcomes = await outcomesOf(question, index);
      ours.push(outcomes.ours);
      plain.push(outcomes.plain);
    }
    console.log(title);
    report('ours (lexical)', ours);
    report('plain BM25 (k1 1.2, b 0.75)', plain);
  };
  const pooled = await corpusOf(join(base, 'pooled'), [...seen.values()]);
  await measureAll('pooled (every question searched in all the paragraphs):', (question) =>
    both(question, pooled),
  );
  pooled.close();
  if (!argv.includes('--no-alone')) {
    await measureAll(
      "alone (each question searched in its own paragraphs, as the eval's distractor setting):",
      async (question, index) => {
        const own = await corpusOf(join(base, `q${index}`), question.paragraphs);
        try {
          return await both(question, own);
        } finally {
          own.close();
        }
      },
    );
  }
} finally {
  await rm(base, { recursive: true, force: true });
}
