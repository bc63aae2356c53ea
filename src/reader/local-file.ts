import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzip } from 'node:zlib';
import { FETCH_MAX_BYTES } from '../config/index.js';
import { buildSource } from './build-source.js';
import { extractContent, mediaTypeOfPath } from './content/index.js';
import { ReaderError } from './errors.js';
import type { Source } from './types.js';

export interface ReadLocalFileOptions {
  /** Cap on the file's bytes (after gunzip for `.gz`). Default FETCH_MAX_BYTES. */
  maxBytes?: number;
  /** Directory relative paths are resolved against. Default `process.cwd()`. */
  cwd?: string;
}

function gunzipCapped(bytes: Buffer, maxBytes: number, path: string): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    gunzip(bytes, { maxOutputLength: maxBytes }, (error, result) => {
      if (!error) return resolvePromise(result);
      const code = (error as NodeJS.ErrnoException).code;
      reject(
        code === 'ERR_BUFFER_TOO_LARGE'
          ? new ReaderError({
              code: 'too_large',
              url: path,
              cause: error,
              message: `${path} unpacks to more than ${maxBytes} bytes.`,
            })
          : new ReaderError({
              code: 'decode_error',
              url: path,
              cause: error,
              message: `${path} is not a valid gzip file.`,
            }),
      );
    });
  });
}

/** The size of the file at `absolute`; a clear error when there is none or it is a directory. */
async function fileSizeOf(absolute: string, path: string): Promise<number> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(absolute);
  } catch (error) {
    throw new ReaderError({
      code: 'not_found',
      url: path,
      cause: error,
      message: `No file at ${path}; give a readable file path or an http(s):// URL.`,
    });
  }
  if (info.isDirectory()) {
    throw new ReaderError({
      code: 'not_found',
      url: path,
      message: `${path} is a directory, not a file; give the path of a file inside it (an .html, .pdf, .md, .txt or .json file) or an http(s):// URL.`,
    });
  }
  if (!info.isFile()) {
    throw new ReaderError({
      code: 'not_found',
      url: path,
      message: `${path} is not a regular file; give a readable file path or an http(s):// URL.`,
    });
  }
  return info.size;
}

/**
 * Reads a local `.html`, `.htm`, `.pdf`, `.txt`, `.md` or `.json` file (optionally gzipped, e.g.
 * `page.html.gz`) into a `Source` whose URL is the file's `file://` URL. Throws `ReaderError`
 * `not_found` (missing, or a directory), `empty`, `too_large`, `decode_error` or
 * `unsupported_content`.
 */
export async function readLocalFile(path: string, options: ReadLocalFileOptions = {}): Promise<Source> {
  const maxBytes = options.maxBytes ?? FETCH_MAX_BYTES;
  const absolute = resolve(options.cwd ?? process.cwd(), path);
  const size = await fileSizeOf(absolute, path);
  if (size === 0) {
    throw new ReaderError({
      code: 'empty',
      url: path,
      message: `${path} is empty (0 bytes): there is nothing to read in it.`,
    });
  }
  if (size > maxBytes) {
    throw new ReaderError({
      code: 'too_large',
      url: path,
      message: `${path} is larger than ${maxBytes} bytes.`,
    });
  }
  const raw = await readFile(absolute);
  const gzipped = /\.gz$/i.test(absolute);
  const bytes = gzipped ? await gunzipCapped(raw, maxBytes, path) : raw;
  const innerName = gzipped ? basename(absolute).replace(/\.gz$/i, '') : basename(absolute);
  const url = pathToFileURL(absolute).href;
  const content = await extractContent({
    bytes: new Uint8Array(bytes),
    contentType: mediaTypeOfPath(innerName),
    url: gzipped ? url.replace(/\.gz$/i, '') : url,
  });
  return buildSource({ url, finalUrl: url, content });
}
