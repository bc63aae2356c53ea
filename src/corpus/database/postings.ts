import { endianness } from 'node:os';
import type { SqliteDatabase } from './open-database.js';

/**
 * Int32 values per posting: chunk id, file id, the term's count in the path, title and body fields,
 * and the chunk's length (in tokens) of each field. Lengths are kept with the posting so a search
 * reads nothing but the postings of its terms.
 */
export const POSTING_STRIDE = 8;
/** Chunk ids per block (`chunk id >> BLOCK_BITS`): a change rewrites the blocks it touches, not a term's whole list. */
const BLOCK_BITS = 12;
const littleEndian = endianness() === 'LE';

/** Counts of one term in a chunk's path, title and body. */
export type FieldCounts = [path: number, title: number, body: number];

/** One chunk's entries: what `PostingsWriter.add` takes. */
export interface ChunkPostings {
  chunkId: number;
  fileId: number;
  lengths: FieldCounts;
  terms: ReadonlyMap<string, FieldCounts>;
}

/** A stored block as Int32 values (copied when SQLite's buffer is not aligned; stored little-endian). */
function int32s(bytes: Buffer): Int32Array {
  const copy = bytes.byteOffset % 4 === 0 && littleEndian ? bytes : Buffer.from(bytes);
  if (!littleEndian) copy.swap32();
  return new Int32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4);
}

function bytesOf(values: Int32Array): Buffer {
  const bytes = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  return littleEndian ? bytes : Buffer.from(bytes).swap32();
}

/** The value under `key`, made and stored first when there is none. */
function slot<Key, Value>(map: Map<Key, Value>, key: Key, make: () => Value): Value {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** A block's postings without those of the `gone` chunks. */
function without(values: Int32Array, gone: ReadonlySet<number> | undefined): Int32Array {
  if (!gone) return values;
  const kept = new Int32Array(values.length);
  let length = 0;
  for (let at = 0; at < values.length; at += POSTING_STRIDE) {
    if (gone.has(values[at] ?? 0)) continue;
    kept.set(values.subarray(at, at + POSTING_STRIDE), length);
    length += POSTING_STRIDE;
  }
  return kept.subarray(0, length);
}

/** The postings of a term, block by block, each `POSTING_STRIDE` values per chunk. */
export function readPostings(db: SqliteDatabase, term: string): Int32Array[] {
  const blocks = db
    .prepare('SELECT data FROM postings WHERE term = ? ORDER BY block')
    .pluck()
    .all(term) as Buffer[];
  return blocks.map(int32s);
}

/**
 * Collects postings added and removed while files are written, and writes them when flushed, in the
 * caller's transaction (so chunks and their postings change together). Each term's postings are
 * stored in blocks of chunk ids; a flush rewrites only the blocks it touched.
 */
export class PostingsWriter {
  readonly #db: SqliteDatabase;
  #added = new Map<string, Map<number, number[]>>();
  #removed = new Map<string, Map<number, Set<number>>>();
  #collected = 0;

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  add(chunk: ChunkPostings): void {
    const block = chunk.chunkId >> BLOCK_BITS;
    const { chunkId, fileId, lengths } = chunk;
    // The hottest loop of indexing (one turn per distinct term of every chunk): no spread, no closure.
    for (const [term, counts] of chunk.terms) {
      let blocks = this.#added.get(term);
      if (!blocks) {
        blocks = new Map();
        this.#added.set(term, blocks);
      }
      let values = blocks.get(block);
      if (!values) {
        values = [];
        blocks.set(block, values);
      }
      values.push(chunkId, fileId, counts[0], counts[1], counts[2], lengths[0], lengths[1], lengths[2]);
    }
    this.#collected += chunk.terms.size * POSTING_STRIDE;
  }

  /** Values added since the last flush: what the writer holds in memory. */
  get collected(): number {
    return this.#collected;
  }

  /** Drops a chunk's postings; `terms` are the distinct terms it was indexed with. */
  remove(chunkId: number, terms: Iterable<string>): void {
    const block = chunkId >> BLOCK_BITS;
    for (const term of terms) {
      // Added since the last flush (written and deleted in one commit): forget them here.
      const pending = this.#added.get(term)?.get(block);
      if (pending?.includes(chunkId)) {
        const kept = pending.filter((_, index) => pending[index - (index % POSTING_STRIDE)] !== chunkId);
        this.#added.get(term)?.set(block, kept);
      }
      slot(
        slot(this.#removed, term, () => new Map()),
        block,
        () => new Set<number>(),
      ).add(chunkId);
    }
  }

  /** Writes what was collected (call inside a transaction) and starts afresh. */
  flush(): void {
    const read = this.#db.prepare('SELECT data FROM postings WHERE term = ? AND block = ?').pluck();
    const write = this.#db.prepare('INSERT OR REPLACE INTO postings (term, block, data) VALUES (?, ?, ?)');
    const drop = this.#db.prepare('DELETE FROM postings WHERE term = ? AND block = ?');
    const touched = new Map<string, Set<number>>();
    for (const source of [this.#added, this.#removed]) {
      for (const [term, blocks] of source) {
        const set = touched.get(term) ?? new Set<number>();
        for (const block of blocks.keys()) set.add(block);
        touched.set(term, set);
      }
    }
    // In key order: each row lands at the end of the table's B-tree instead of splitting pages
    // all over it (a new index writes every term at once).
    const terms = [...touched.keys()].sort();
    for (const term of terms) {
      const blocks = [...(touched.get(term) ?? [])].sort((a, b) => a - b);
      for (const block of blocks) {
        const stored = read.get(term, block) as Buffer | undefined;
        const kept = stored
          ? without(int32s(stored), this.#removed.get(term)?.get(block))
          : new Int32Array(0);
        const added = this.#added.get(term)?.get(block) ?? [];
        if (kept.length === 0 && added.length === 0) {
          drop.run(term, block);
          continue;
        }
        const values = new Int32Array(kept.length + added.length);
        values.set(kept);
        values.set(added, kept.length);
        write.run(term, block, bytesOf(values));
      }
    }
    this.#added = new Map();
    this.#removed = new Map();
    this.#collected = 0;
  }
}
