import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { SOURCE_CACHE_TTL_MS } from '../../config/index.js';
import {
  type Reader,
  ReaderError,
  type Source,
  type SourceCache,
  splitPassages,
} from '../../reader/index.js';
import type { SearchProvider } from '../../search/index.js';
import { LOCAL_SNIPPET_CHARS } from '../constants.js';
import { createBm25Index } from './bm25.js';

/**
 * Host of the URLs local documents are served under. `.invalid` is reserved (RFC 2606) and never
 * resolves, so these URLs cannot reach the web; the engine's host rules accept only http(s) URLs.
 */
export const LOCAL_DOCUMENTS_HOST = 'documents.invalid';
/** Id of the local search provider, shown in run events. */
export const LOCAL_SEARCH_ID = 'local-documents';

/** The search provider and reader of one folder of markdown documents. */
export interface LocalDocuments {
  searchProvider: SearchProvider;
  reader: Reader;
  /** The documents' URLs, in file-name order. */
  urls: string[];
}

function urlFor(folder: string, fileName: string): string {
  return `https://${LOCAL_DOCUMENTS_HOST}/${encodeURIComponent(basename(folder))}/${encodeURIComponent(fileName)}`;
}

function sourceOf(url: string, markdown: string, fileName: string): Source {
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? fileName.replace(/\.md$/, '');
  const text = markdown.replace(/^#\s+/m, '').trim();
  return {
    url,
    finalUrl: url,
    title,
    contentType: 'text/markdown',
    markdown,
    text,
    passages: splitPassages(text),
    contentHash: createHash('sha256').update(text).digest('hex'),
    fetchedAt: new Date().toISOString(),
  };
}

/**
 * Serves the `.md` files of a folder to a run without the web: BM25 search over them and a reader
 * that returns them under `https://documents.invalid/<folder>/<file>` URLs and refuses any other
 * URL. Each source read is also put in `sourceCache` when given, so the run store records it.
 */
export async function openLocalDocuments(
  folder: string,
  options: { sourceCache?: SourceCache } = {},
): Promise<LocalDocuments> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort();
  const sources = await Promise.all(
    names.map(async (name) =>
      sourceOf(urlFor(folder, name), await readFile(join(folder, name), 'utf8'), name),
    ),
  );
  const byUrl = new Map(sources.map((source) => [new URL(source.url).href, source]));
  const index = createBm25Index(sources.map((source) => source.text));
  const searchProvider: SearchProvider = {
    id: LOCAL_SEARCH_ID,
    async search(request) {
      return index.search(request.query, request.count ?? 10).map(({ position }) => {
        const source = sources[position] as Source;
        const body = source.text.slice(source.title.length).trim();
        return {
          title: source.title,
          url: source.url,
          snippet: body.slice(0, LOCAL_SNIPPET_CHARS),
          provider: LOCAL_SEARCH_ID,
        };
      });
    },
  };
  const reader: Reader = {
    async read(url) {
      let key: string | undefined;
      try {
        key = new URL(url).href;
      } catch {
        key = undefined;
      }
      const source = key === undefined ? undefined : byUrl.get(key);
      if (!source) {
        throw new ReaderError({
          code: 'not_found',
          url,
          message: `${url} is not one of this question's ${sources.length} local documents; only they can be read here (no web).`,
        });
      }
      await options.sourceCache?.put(source, SOURCE_CACHE_TTL_MS);
      return source;
    },
  };
  return { searchProvider, reader, urls: sources.map((source) => source.url) };
}
