import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMinimalPdf } from '../testing/minimal-pdf.js';
import { readLocalFile } from './local-file.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'reader-files-'));
  const html =
    '<html><head><title>Saved page</title></head><body><article><p>Saved pages are read from disk exactly like fetched ones.</p></article></body></html>';
  await writeFile(join(directory, 'page.html'), html);
  await writeFile(join(directory, 'page.html.gz'), gzipSync(html));
  await writeFile(join(directory, 'doc.pdf'), buildMinimalPdf({ title: 'Local PDF', pages: ['Page text'] }));
  await writeFile(join(directory, 'notes.md'), '# Notes\n\nSome *notes*.');
  await writeFile(join(directory, 'data.json'), '[1,2]');
  await writeFile(join(directory, 'plain.txt'), 'Just text.');
  await writeFile(join(directory, 'bomb.html.gz'), gzipSync(Buffer.alloc(4 * 1024 * 1024)));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('readLocalFile', () => {
  it('reads HTML, gzipped HTML, PDF, markdown, JSON and text files', async () => {
    const page = await readLocalFile(join(directory, 'page.html'));
    expect(page.url).toBe(pathToFileURL(join(directory, 'page.html')).href);
    expect(page.text).toContain('read from disk exactly like fetched ones');
    const gzipped = await readLocalFile('page.html.gz', { cwd: directory });
    expect(gzipped.text).toBe(page.text);
    expect(gzipped.contentType).toBe('text/html');
    expect((await readLocalFile(join(directory, 'doc.pdf'))).title).toBe('Local PDF');
    expect((await readLocalFile(join(directory, 'notes.md'))).text).toBe('Notes\n\nSome notes.');
    expect((await readLocalFile(join(directory, 'data.json'))).contentType).toBe('application/json');
    expect((await readLocalFile(join(directory, 'plain.txt'))).text).toBe('Just text.');
  });

  it('says when a file is missing', async () => {
    await expect(readLocalFile(join(directory, 'missing.html'))).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('missing.html'),
    });
    await expect(readLocalFile(directory)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('says a directory is a directory, and refuses an empty file', async () => {
    await expect(readLocalFile(directory)).rejects.toMatchObject({
      message: expect.stringContaining('is a directory'),
    });
    await writeFile(join(directory, 'empty.html'), '');
    await expect(readLocalFile(join(directory, 'empty.html'))).rejects.toMatchObject({
      code: 'empty',
      message: expect.stringContaining('empty.html is empty'),
    });
  });

  it('stops a gzip bomb at the size cap', async () => {
    await expect(
      readLocalFile(join(directory, 'bomb.html.gz'), { maxBytes: 1024 * 1024 }),
    ).rejects.toMatchObject({
      code: 'too_large',
    });
  });
});
