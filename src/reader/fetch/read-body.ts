import { pipeline, type Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createUnzip } from 'node:zlib';
import { ReaderError } from '../errors.js';
import type { TransportResponse } from './transport.js';

/** Stream decoders for the Content-Encodings we advertise, keyed by encoding token. */
const decoders: Record<string, () => Transform> = {
  gzip: createUnzip,
  'x-gzip': createUnzip,
  deflate: createUnzip,
  br: createBrotliDecompress,
};

export interface ReadBodyOptions {
  url: string;
  /** Cap on both the bytes received and the bytes after decompression. */
  maxBytes: number;
  /** Takes each chunk as received, before decoding (what an archive keeps). */
  onReceived?: (chunk: Buffer) => void;
}

function tooLarge(url: string, maxBytes: number, what: string): ReaderError {
  return new ReaderError({
    code: 'too_large',
    url,
    message: `${url} is larger than the ${maxBytes} byte limit (${what}); raise maxBytes to read it.`,
  });
}

/** A pass-through that fails the stream once more than `maxBytes` went through it. */
function byteCounter(options: ReadBodyOptions, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > options.maxBytes) callback(tooLarge(options.url, options.maxBytes, what));
      else {
        if (what === 'received') options.onReceived?.(chunk);
        callback(null, chunk);
      }
    },
  });
}

/**
 * Reads a response body with a cap on the bytes received and on the bytes after decompression, so a
 * gzip or brotli bomb is stopped after `maxBytes` of output rather than after it filled memory.
 */
export async function readBody(response: TransportResponse, options: ReadBodyOptions): Promise<Uint8Array> {
  const declared = Number(response.header('content-length'));
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    response.body.destroy();
    throw tooLarge(options.url, options.maxBytes, `declared ${declared} bytes`);
  }
  const encodings = response.decoded
    ? []
    : (response.header('content-encoding') ?? '')
        .split(',')
        .map((token) => token.trim().toLowerCase())
        .filter((token) => token !== '' && token !== 'identity');
  let decodeFailure: Error | undefined;
  const stages: (Readable | Transform)[] = [response.body, byteCounter(options, 'received')];
  // Encodings are listed in the order they were applied, so they are undone from last to first.
  for (const encoding of [...encodings].reverse()) {
    const createDecoder = decoders[encoding];
    if (!createDecoder) {
      response.body.destroy();
      throw new ReaderError({
        code: 'unsupported_content',
        url: options.url,
        message: `${options.url} uses the unsupported content encoding "${encoding}".`,
      });
    }
    const decoder = createDecoder();
    decoder.once('error', (error) => {
      if (!(error instanceof ReaderError)) decodeFailure = error;
    });
    stages.push(decoder);
  }
  if (encodings.length > 0) stages.push(byteCounter(options, 'decompressed'));
  const output = (pipeline as (...streams: unknown[]) => Readable)(...stages, () => {});
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of output) chunks.push(chunk as Buffer);
  } catch (error) {
    if (error instanceof ReaderError) throw error;
    if (decodeFailure) {
      throw new ReaderError({
        code: 'decode_error',
        url: options.url,
        cause: error,
        message: `${options.url} sent a body that does not decompress as ${encodings.join(', ')}.`,
      });
    }
    throw error;
  }
  return new Uint8Array(Buffer.concat(chunks));
}
