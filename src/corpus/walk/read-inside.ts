import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import { type FileHandle, lstat, open, readlink, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { isInside } from './is-inside.js';

/** A corpus file's bytes as read, with the size and modification time of what was read. */
export interface InsideFile {
  bytes: Uint8Array;
  size: number;
  mtimeMs: number;
}

/** Why a file was not read: not a regular file inside the root, or over the byte limit. */
export type NotRead = { problem: 'outside' | 'not_a_file' | 'too_large'; message: string };

// Non-blocking, so a FIFO put in a file's place cannot hang the open; no controlling terminal.
const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** Reads at most `capacity` bytes from the start of an open file. */
async function readUpTo(handle: FileHandle, capacity: number): Promise<Uint8Array> {
  const buffer = Buffer.alloc(capacity);
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/**
 * Whether the file behind an open handle lies inside `root`. On Linux the kernel names the file it
 * opened (`/proc/self/fd/N`). Elsewhere the path is resolved again and its last component, not
 * followed (a link put there since would lead elsewhere), must be the very file opened.
 */
async function openedInside(root: string, path: string, handle: FileHandle, opened: Stats): Promise<boolean> {
  if (process.platform === 'linux') {
    const target = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (target !== undefined) return isInside(root, target);
  }
  const real = await realpath(join(root, path)).catch(() => undefined);
  if (real === undefined || !isInside(root, real)) return false;
  const there = await lstat(real).catch(() => undefined);
  return there?.dev === opened.dev && there.ino === opened.ino;
}

/** Opens a corpus file and checks what was opened (see `openedInside`); the caller closes it. */
async function openInside(
  root: string,
  path: string,
): Promise<{ handle: FileHandle; opened: Stats } | NotRead> {
  const handle = await open(join(root, path), FLAGS);
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) {
      await handle.close();
      return { problem: 'not_a_file', message: 'it is not a regular file' };
    }
    if (!(await openedInside(root, path, handle, opened))) {
      await handle.close();
      return { problem: 'outside', message: 'it was replaced by a link out of the folder while it was read' };
    }
    return { handle, opened };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Reads a corpus file by opening it first and then checking what was opened: a regular file inside
 * `root` (see `openedInside`). Checking a path and then opening it is a race: a file swapped for a
 * link to an outside file between the two would be read.
 */
export async function readInside(options: {
  root: string;
  path: string;
  limit: number;
}): Promise<InsideFile | NotRead> {
  const inside = await openInside(options.root, options.path);
  if ('problem' in inside) return inside;
  const { handle, opened } = inside;
  try {
    const tooLarge = { problem: 'too_large', message: `over ${options.limit} bytes` } as const;
    if (opened.size > options.limit) return tooLarge;
    // One byte more than its size tells whether it grew since; then up to one byte past the limit.
    let bytes = await readUpTo(handle, opened.size + 1);
    if (bytes.length > opened.size) bytes = await readUpTo(handle, options.limit + 1);
    if (bytes.length > options.limit) return tooLarge;
    return { bytes, size: bytes.length, mtimeMs: opened.mtimeMs };
  } finally {
    await handle.close();
  }
}

/** The first `bytes` bytes of a corpus file (all of a smaller one), opened as `readInside` opens it. */
export async function readHeadInside(options: {
  root: string;
  path: string;
  bytes: number;
}): Promise<Uint8Array | NotRead> {
  const inside = await openInside(options.root, options.path);
  if ('problem' in inside) return inside;
  try {
    return await readUpTo(inside.handle, options.bytes);
  } finally {
    await inside.handle.close();
  }
}
