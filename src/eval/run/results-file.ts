import { open, readFile, truncate } from 'node:fs/promises';
import { DatasetError } from '../errors.js';
import type { QuestionResult } from './question-result.js';

/** The results written so far; a half-written last line (a kill mid-write) is cut off the file. */
export async function readResults(path: string): Promise<QuestionResult[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const complete = text.lastIndexOf('\n') + 1;
  if (complete < text.length) await truncate(path, Buffer.byteLength(text.slice(0, complete)));
  return text
    .slice(0, complete)
    .split('\n')
    .flatMap((line, index) => {
      if (line.trim() === '') return [];
      try {
        return [JSON.parse(line) as QuestionResult];
      } catch (error) {
        throw new DatasetError(
          { file: path, line: index + 1 },
          'not a results line; the file was changed by hand. Remove the line or use another --out folder.',
          { cause: error },
        );
      }
    });
}

/**
 * Appends results one whole line at a time: each line is written with one `write` on a file opened
 * for appending, and writes are queued so two never interleave.
 */
export function createResultsWriter(path: string) {
  let queue: Promise<void> = Promise.resolve();
  return {
    append(result: QuestionResult): Promise<void> {
      const line = Buffer.from(`${JSON.stringify(result)}\n`, 'utf8');
      const write = queue.then(async () => {
        const handle = await open(path, 'a');
        try {
          let written = 0;
          while (written < line.length) written += (await handle.write(line, written)).bytesWritten;
        } finally {
          await handle.close();
        }
      });
      queue = write.catch(() => {});
      return write;
    },
  };
}
