import { createHash } from 'node:crypto';

/**
 * Strings of at least this many characters are stored once per run (in `run_texts`) and referred
 * to by their hash wherever a run's events, result or options repeat them: a 20,000-character
 * question or answer would otherwise be stored in the run, its result, the run-start, plan,
 * answer-draft, verification and run-end events.
 */
export const STORED_ONCE_CHARS = 1_000;

/**
 * Marks a stored string that is not itself: `MARK` + `q` is the run's question (kept in
 * `runs.question`), `MARK` + a sha256 hex is a text of `run_texts`, and a string that really starts
 * with `MARK` is stored with a second one in front.
 */
const MARK = '\u0000';
const QUESTION = `${MARK}q`;
const HASH = /^[0-9a-f]{64}$/;

/** What a run's texts are packed against: its question and where new long texts go. */
export interface TextPacker {
  question: string;
  /**
   * Stores `text` under `hash` for the run (once; a repeat is a no-op). Absent: only the question
   * is referred to, other long texts are kept whole.
   */
  save?(hash: string, text: string): void;
}

/** JSON of `value` with every long string replaced by a reference (see `STORED_ONCE_CHARS`). */
export function packJson(value: unknown, packer: TextPacker): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== 'string') return item;
    if (item.startsWith(MARK)) return `${MARK}${item}`;
    if (item.length < STORED_ONCE_CHARS) return item;
    if (item === packer.question) return QUESTION;
    if (!packer.save) return item;
    const hash = createHash('sha256').update(item).digest('hex');
    packer.save(hash, item);
    return `${MARK}${hash}`;
  });
}

/** What stored JSON is unpacked with: the run's question and a lookup of its texts by hash. */
export interface TextUnpacker {
  question: string;
  load(hash: string): string | undefined;
}

/** The value `packJson` stored, every reference replaced by its text. */
export function unpackJson<T>(json: string, unpacker: TextUnpacker): T {
  // JSON written before texts were stored once holds no marker: it parses as it was.
  if (!json.includes('\\u0000')) return JSON.parse(json) as T;
  return JSON.parse(json, (_key, item: unknown) => {
    if (typeof item !== 'string' || !item.startsWith(MARK)) return item;
    if (item.startsWith(`${MARK}${MARK}`)) return item.slice(1);
    if (item === QUESTION) return unpacker.question;
    const hash = item.slice(MARK.length);
    return (HASH.test(hash) ? unpacker.load(hash) : undefined) ?? item;
  }) as T;
}
