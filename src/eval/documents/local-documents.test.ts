import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemorySourceCache, isReaderError } from '../../reader/index.js';
import type { EvalQuestion } from '../types.js';
import { openLocalDocuments } from './local-documents.js';
import { fileNameFor, folderNameFor, materializeDocuments } from './materialize-documents.js';
import { runtimeForQuestion } from './question-runtime.js';

const root = mkdtempSync(join(tmpdir(), 'eval-documents-'));
const documents = [
  { title: 'Rook Bridge', text: 'The Rook Bridge, designed by Thomas Rook, was completed in 1887.' },
  { title: 'Calder Viaduct', text: 'The Calder Viaduct was engineered by Thomas Rook.' },
  { title: 'Kestrel Bay', text: 'Kestrel Bay is a harbour town.' },
  { title: 'Rook Bridge', text: 'A second article with the same title.' },
  { title: 'AC/DC: a/b?', text: 'Titles with separators still make one file.' },
];

describe('local documents of a question', () => {
  it('writes one markdown file per title, safe names, duplicates numbered, and leaves a filled folder alone', async () => {
    const folder = join(root, 'write');
    const names = await materializeDocuments(documents, folder);
    expect(names).toEqual([
      'Rook Bridge.md',
      'Calder Viaduct.md',
      'Kestrel Bay.md',
      'Rook Bridge (2).md',
      'AC_DC_ a_b_.md',
    ]);
    expect(readFileSync(join(folder, 'Rook Bridge.md'), 'utf8')).toBe(
      '# Rook Bridge\n\nThe Rook Bridge, designed by Thomas Rook, was completed in 1887.\n',
    );
    await materializeDocuments([{ title: 'Other', text: 'x' }], folder);
    expect(readdirSync(folder)).toHaveLength(5);
    expect(fileNameFor('..')).toBe('untitled');
    expect(folderNameFor('q01')).toBe('q01');
    expect(folderNameFor('a/b')).not.toBe(folderNameFor('a_b'));
  });

  it('searches them with BM25 and reads them under documents.invalid URLs, refusing anything else', async () => {
    const folder = join(root, 'search');
    await materializeDocuments(documents, folder);
    const cache = createMemorySourceCache();
    const local = await openLocalDocuments(folder, { sourceCache: cache });
    const hits = await local.searchProvider.search({ query: 'who engineered the Calder Viaduct', count: 10 });
    expect(hits[0]).toMatchObject({ title: 'Calder Viaduct', provider: 'local-documents' });
    expect(hits[0]?.url).toBe('https://documents.invalid/search/Calder%20Viaduct.md');
    expect(hits.map((hit) => hit.title)).not.toContain('Kestrel Bay'); // no shared term, no hit
    expect(await local.searchProvider.search({ query: 'zeppelin' })).toEqual([]);

    const source = await local.reader.read(hits[0]?.url ?? '');
    expect(source).toMatchObject({ title: 'Calder Viaduct', contentType: 'text/markdown' });
    expect(source.text).toContain('engineered by Thomas Rook');
    expect(source.passages.length).toBeGreaterThan(0);
    expect(await cache.get(source.url)).toMatchObject({ url: source.url }); // recorded for the run store

    for (const url of [
      'https://en.wikipedia.org/wiki/Rook_Bridge',
      'https://documents.invalid/search/Nope.md',
      'not a url',
    ]) {
      const error = await local.reader.read(url).catch((thrown: unknown) => thrown);
      expect(isReaderError(error) && error.code).toBe('not_found');
    }
  });

  it('gives a question with documents a local search and reader, and one without nothing (web)', async () => {
    const question: EvalQuestion = {
      id: 'x1',
      question: 'Q?',
      answer: 'A',
      aliases: [],
      types: [],
      documents,
    };
    const runtime = await runtimeForQuestion(question, { documentsRoot: root });
    expect(runtime.searchProviders?.map((provider) => provider.id)).toEqual(['local-documents']);
    expect(runtime.reader).toBeDefined();
    expect(readdirSync(join(root, 'x1'))).toHaveLength(5);
    const { documents: _none, ...webQuestion } = question;
    expect(await runtimeForQuestion(webQuestion, { documentsRoot: root })).toEqual({});
  });
});
