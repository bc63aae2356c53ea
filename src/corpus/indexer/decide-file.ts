import { createHash } from 'node:crypto';
import { describeError } from '../../errors.js';
import { BINARY_SNIFF_BYTES } from '../constants.js';
import type { SkippedFile } from '../types.js';
import {
  BINARY_EXTENSIONS,
  classifyFile,
  extensionOf,
  isSecretFile,
  readHeadInside,
  readInside,
  SECRET_SNIFF_BYTES,
  secretContent,
  type WalkedFile,
} from '../walk/index.js';
import type { FileBytes } from './prepare-file.js';

/** What to do with a walked file: skip it, leave it, note its new time, or index its bytes. */
export type Decision =
  | { skip: SkippedFile['reason']; message?: string }
  | { unchanged: true }
  | { touched: true }
  | { file: FileBytes };

/** A file whose start holds a private key, whatever its name, as a skip that says which kind. */
function secretSkip(bytes: Uint8Array): Decision | undefined {
  const found = secretContent(bytes);
  return found === undefined ? undefined : { skip: 'secret', message: `holds ${found}` };
}

/** An unchanged file as indexed, unless its head (read again) holds a private key. */
async function recheckUnchanged(root: string, path: string): Promise<Decision> {
  let head: Awaited<ReturnType<typeof readHeadInside>>;
  try {
    head = await readHeadInside({ root, path, bytes: SECRET_SNIFF_BYTES });
  } catch (error) {
    return { skip: 'unreadable', message: describeError(error).message };
  }
  if ('problem' in head) return { skip: 'unreadable', message: head.message };
  return secretSkip(head) ?? { unchanged: true };
}

/**
 * Decides a file's fate: secret files by name (unless `indexSecrets`), binary extensions and files
 * over the limit are skipped unread; a file whose size and modification time are those indexed is
 * unchanged (its head read again for key material when `recheckSecrets`: the index was built
 * without that check); any other is read (see `readInside`) and skipped when its head holds a
 * private key (unless `indexSecrets`) or is binary, touched when its hash is the same.
 */
export async function decideFile(options: {
  root: string;
  walked: WalkedFile;
  known: { size: number; mtimeMs: number; hash: string } | undefined;
  limits: { text: number; document: number };
  indexSecrets: boolean;
  recheckSecrets?: boolean;
}): Promise<Decision> {
  const { walked, known } = options;
  if (!options.indexSecrets && isSecretFile(walked.path)) return { skip: 'secret' };
  const { kind, grammar } = classifyFile(walked.path);
  if (BINARY_EXTENSIONS.has(extensionOf(walked.path))) return { skip: 'binary' };
  const limit = kind === 'document' ? options.limits.document : options.limits.text;
  if (walked.size > limit) return { skip: 'too_large' };
  if (known && known.size === walked.size && known.mtimeMs === walked.mtimeMs) {
    return options.recheckSecrets && !options.indexSecrets
      ? recheckUnchanged(options.root, walked.path)
      : { unchanged: true };
  }
  let read: Awaited<ReturnType<typeof readInside>>;
  try {
    read = await readInside({ root: options.root, path: walked.path, limit });
  } catch (error) {
    return { skip: 'unreadable', message: describeError(error).message };
  }
  if ('problem' in read) {
    return read.problem === 'too_large'
      ? { skip: 'too_large' }
      : { skip: 'unreadable', message: read.message };
  }
  const { bytes, size, mtimeMs } = read;
  const secret = options.indexSecrets ? undefined : secretSkip(bytes);
  if (secret) return secret;
  // Git's rule: a NUL byte near the start means binary. Documents are binary on purpose (PDF).
  if (kind !== 'document' && bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { skip: 'binary' };
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (known?.hash === hash) return { touched: true };
  return { file: { ...walked, size, mtimeMs, hash, bytes, kind, grammar } };
}
