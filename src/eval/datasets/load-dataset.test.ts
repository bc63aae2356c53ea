import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../errors.js';
import type { DatasetFormat } from '../types.js';
import { decryptBrowseComp, encryptBrowseComp } from './browsecomp.js';
import { loadDataset } from './load-dataset.js';

const fixtures = fileURLToPath(new URL('../../../test/fixtures/eval/', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'eval-datasets-'));

function file(name: string, content: string): string {
  const path = join(directory, name);
  writeFileSync(path, content);
  return path;
}

async function failure(path: string, format?: DatasetFormat): Promise<DatasetError> {
  const error = await loadDataset({ path, ...(format ? { format } : {}) }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DatasetError);
  return error as DatasetError;
}

describe('loadDataset detects the format from the content', () => {
  it('reads HotpotQA (distractor): each question gets its context paragraphs as documents', async () => {
    const dataset = await loadDataset({ path: join(fixtures, 'hotpotqa-10.json') });
    expect(dataset.format).toBe('hotpotqa');
    expect(dataset.questions).toHaveLength(10);
    expect(dataset.questions[0]).toMatchObject({
      id: 'q01',
      answer: 'the Oster River',
      types: ['bridge'],
      level: 'easy',
      documents: [
        {
          title: 'Vellmar Observatory',
          text: 'The Vellmar Observatory is an astronomical observatory in the town of Lindau an der Oster. It opened in 1911.',
        },
        { title: 'Lindau an der Oster', text: expect.stringContaining('Oster River') },
      ],
    });
  });

  it('reads HotpotQA fullwiki without documents, so the run uses the web', async () => {
    const dataset = await loadDataset({
      path: join(fixtures, 'hotpotqa-10.json'),
      format: 'hotpotqa-fullwiki',
    });
    expect(dataset.questions.every((question) => question.documents === undefined)).toBe(true);
  });

  it('reads HotpotQA as JSON Lines too', async () => {
    const path = file(
      'hotpot.jsonl',
      `${JSON.stringify({ _id: 'h1', question: 'Q?', answer: 'A', context: [['T', ['S.']]] })}\n`,
    );
    await expect(loadDataset({ path })).resolves.toMatchObject({
      format: 'hotpotqa',
      questions: [{ id: 'h1', documents: [{ title: 'T', text: 'S.' }] }],
    });
  });

  it('reads SimpleQA CSV with quoted commas, quotes and line breaks; ids are row positions; topic is the type', async () => {
    const dataset = await loadDataset({ path: join(fixtures, 'simpleqa-3.csv') });
    expect(dataset.format).toBe('simpleqa');
    expect(dataset.questions.map((question) => question.id)).toEqual(['0', '1', '2']);
    expect(dataset.questions[1]).toMatchObject({
      question: 'Which painting by Rosa Imrie shows "Carn" at dusk,\nand in which year was she born?',
      answer: 'Evening at Carn, 1888',
      types: ['Art'],
    });
  });

  it('reads FRAMES TSV: index column as id, reasoning types split, links collected', async () => {
    const dataset = await loadDataset({ path: join(fixtures, 'frames-2.tsv') });
    expect(dataset.format).toBe('frames');
    expect(dataset.questions[0]).toMatchObject({
      id: '0',
      answer: '24 years',
      types: ['Numerical reasoning', 'Multiple constraints'],
      links: ['https://en.wikipedia.org/wiki/Vellmar', 'https://en.wikipedia.org/wiki/Rook_Bridge'],
    });
    expect(dataset.questions[1]?.links).toBeUndefined();
  });

  it('decrypts BrowseComp rows with their canary (file made by the published Python scheme)', async () => {
    const dataset = await loadDataset({ path: join(fixtures, 'browsecomp-2.csv') });
    expect(dataset.format).toBe('browsecomp');
    expect(dataset.questions[0]).toMatchObject({ id: '0', answer: 'Marmalade', types: ['Art'] });
    expect(dataset.questions[0]?.question).toMatch(/^What is the name of the lighthouse keeper’s cat/);
    expect(dataset.questions[1]?.answer).toBe('Thomas Rook');
  });

  it('BrowseComp encryption round-trips multi-byte text longer than the 32-byte key', () => {
    const text = 'Ünïcödé – '.repeat(10);
    expect(decryptBrowseComp(encryptBrowseComp(text, 'canary'), 'canary')).toBe(text);
  });

  it('reads generic JSONL: optional id (position otherwise), numeric answers, aliases, documents, types', async () => {
    const dataset = await loadDataset({ path: join(fixtures, 'generic.jsonl') });
    expect(dataset.format).toBe('jsonl');
    expect(dataset.questions.map((question) => [question.id, question.answer])).toEqual([
      ['g1', 'green'],
      ['1', '212'],
      ['7', 'yes'],
    ]);
    expect(dataset.questions[0]).toMatchObject({
      aliases: ['dark green'],
      types: ['lookup'],
      documents: [
        { title: 'Alder Press', text: 'The Alder Press building has a dark green door.' },
        { title: 'Document 2', text: 'The press was founded in 1954.' },
      ],
    });
    expect(dataset.questions[2]).toMatchObject({ types: ['yes-no', 'lookup'], level: 'easy' });
  });
});

describe('a malformed dataset is an error naming the file, line or item, and field', () => {
  it('JSONL without an answer', async () => {
    const path = file('no-answer.jsonl', '{"question": "a?", "answer": "b"}\n\n{"question": "c?"}\n');
    const error = await failure(path);
    expect(error.message).toContain(`${path}, line 3, field "answer": `);
    expect(error.message).toContain('Each question is {"id"?, "question", "answer"');
    expect(error).toMatchObject({ code: 'invalid_dataset', line: 3, field: 'answer' });
  });

  it('JSONL with a broken line', async () => {
    const error = await failure(file('broken.jsonl', '{"question": "a?", "answer": "b"}\n{"question": \n'));
    expect(error.message).toMatch(/line 2: not valid JSON \(.+\); each line must be one JSON object\./);
  });

  it('HotpotQA item with a context paragraph that is not [title, sentences]', async () => {
    const items = [
      { _id: 'a', question: 'Q?', answer: 'A', context: [['T', ['S.']]] },
      { _id: 'b', question: 'Q?', answer: 'A', context: [['T', 'not a list']] },
    ];
    const error = await failure(file('bad-hotpot.json', JSON.stringify(items)));
    expect(error).toMatchObject({ item: 1, field: 'context.0.1' });
    expect(error.message).toContain('HotpotQA items have "_id", "question", "answer"');
  });

  it('HotpotQA without context in the distractor setting points at fullwiki', async () => {
    const error = await failure(
      file(
        'no-context.json',
        JSON.stringify([{ _id: 'a', question: 'Q?', answer: 'A', supporting_facts: [] }]),
      ),
    );
    expect(error.message).toContain('item 0, field "context": no context paragraphs');
    expect(error.message).toContain('--format hotpotqa-fullwiki');
  });

  it('CSV with an empty answer', async () => {
    const error = await failure(file('empty-answer.csv', 'problem,answer\n"Q1?",A1\n"Q2?",\n'));
    expect(error.message).toContain('line 3, field "answer": empty or missing.');
  });

  it('CSV with an unclosed quote', async () => {
    const error = await failure(file('unclosed.csv', 'problem,answer\n"Q1?,A1\n'));
    expect(error.message).toMatch(/not valid CSV\/TSV/);
  });

  it('a table whose columns match no format', async () => {
    const error = await failure(file('unknown.csv', 'query,gold\nq,a\n'));
    expect(error.message).toContain('cannot tell the dataset format from the columns "query", "gold"');
    expect(error.message).toContain('pass --format');
  });

  it('BrowseComp rows that do not decrypt with their canary', async () => {
    const path = file(
      'wrong-canary.csv',
      `problem,answer,canary\n${encryptBrowseComp('Which lighthouse keeper kept a cat called Marmalade?', 'one')},${encryptBrowseComp('Ada Rook of Kestrel Bay', 'one')},two\n`,
    );
    const error = await failure(path);
    expect(error).toMatchObject({ line: 2, field: 'canary' });
  });

  it('duplicate ids', async () => {
    const error = await failure(
      file(
        'duplicate.jsonl',
        '{"id": "x", "question": "a?", "answer": "b"}\n{"id": "x", "question": "c?", "answer": "d"}\n',
      ),
    );
    expect(error.message).toContain('the id "x" is used by questions 0 and 1');
  });

  it('a format that does not fit the file, and an empty file', async () => {
    expect((await failure(join(fixtures, 'generic.jsonl'), 'simpleqa')).message).toContain(
      '--format simpleqa expects a CSV/TSV file',
    );
    expect((await failure(file('empty.jsonl', '\n'))).message).toContain('the file is empty');
  });
});
