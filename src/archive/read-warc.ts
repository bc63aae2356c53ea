import { promisify } from 'node:util';
import { brotliDecompress, unzip } from 'node:zlib';
import { FETCH_MAX_BYTES } from '../config/index.js';
import { ArchiveError } from './errors.js';
import { loadWarcio } from './load-warcio.js';
import { locationOf } from './recorder.js';

/** A response as an archive holds it. */
export interface ArchivedResponse {
  url: string;
  /** ISO-8601 `WARC-Date`. */
  date: string;
  status: number;
  headers: [string, string][];
  /** The body as stored (still content-encoded when it was received so). */
  body: Uint8Array;
}

/** A gzip member (`.warc.gz`) or a WARC record (`.warc`) at the start; the parser skips anything else silently. */
function looksLikeWarc(bytes: Uint8Array): boolean {
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return gzip || new TextDecoder().decode(bytes.subarray(0, 5)) === 'WARC/';
}

/** The responses of a `.warc` or `.warc.gz`, by target URL (the last one when a URL repeats). */
export async function readWarcResponses(warc: Uint8Array): Promise<Map<string, ArchivedResponse>> {
  if (!looksLikeWarc(warc)) {
    throw new ArchiveError({
      code: 'archive_unreadable',
      message: 'The archive is neither a .warc.gz nor a .warc file; pass the .warc.gz written with the run.',
    });
  }
  const { WARCParser } = await loadWarcio();
  const responses = new Map<string, ArchivedResponse>();
  try {
    for await (const record of WARCParser.iterRecords([warc])) {
      if (record.warcType !== 'response' || !record.warcTargetURI) {
        await record.skipFully();
        continue;
      }
      const info = record.getResponseInfo();
      const body = await record.readFully(false);
      const headers: [string, string][] = info ? [...info.headers.entries()] : [];
      responses.set(record.warcTargetURI, {
        url: record.warcTargetURI,
        date: record.warcDate ?? '',
        status: Number(info?.status ?? 0),
        headers,
        body,
      });
    }
  } catch (error) {
    throw new ArchiveError({
      code: 'archive_unreadable',
      cause: error,
      message: `The archive is not a WARC file that can be read (${(error as Error).message}); pass the .warc.gz written with the run.`,
    });
  }
  return responses;
}

/** The response that ends the read of `url`, following archived redirects; undefined when not archived. */
export function archivedPage(
  responses: Map<string, ArchivedResponse>,
  url: string,
): ArchivedResponse | undefined {
  let current = responses.get(url.split('#')[0] ?? url);
  for (let hops = 0; current && hops < 10; hops++) {
    const next = locationOf({ status: current.status, responseHeaders: current.headers, url: current.url });
    if (!next) return current;
    current = responses.get(next);
  }
  return undefined;
}

const decoders: Record<string, (input: Uint8Array, options: { maxOutputLength: number }) => Promise<Buffer>> =
  {
    gzip: promisify(unzip),
    'x-gzip': promisify(unzip),
    deflate: promisify(unzip),
    br: promisify(brotliDecompress),
  };

/** A header's value by name, any case. */
export function headerOf(response: Pick<ArchivedResponse, 'headers'>, name: string): string | undefined {
  return response.headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

/**
 * The body with its content coding undone, off the event loop and capped like a read (an archive is
 * hostile input: a gzip bomb stops at the reader's byte cap).
 */
export async function decodedBody(response: ArchivedResponse): Promise<Uint8Array> {
  const encodings = (headerOf(response, 'content-encoding') ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '' && token !== 'identity')
    .reverse();
  let body: Uint8Array = response.body;
  for (const encoding of encodings) {
    const decode = decoders[encoding];
    if (!decode) {
      throw new ArchiveError({
        code: 'archive_unreadable',
        message: `The archived body of ${response.url} uses the unsupported content encoding "${encoding}".`,
      });
    }
    body = await decode(body, { maxOutputLength: FETCH_MAX_BYTES }).catch((error: unknown) => {
      throw new ArchiveError({
        code: 'archive_unreadable',
        cause: error,
        message: `The archived body of ${response.url} does not decode as ${encoding} within ${FETCH_MAX_BYTES} bytes.`,
      });
    });
  }
  return body;
}
