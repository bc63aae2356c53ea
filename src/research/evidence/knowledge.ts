import type { KnowledgeItem } from '../../contract/index.js';
import type { Source } from '../../reader/index.js';
import { NOTES_PER_PROMPT, PASSAGE_CHARS } from '../constants.js';
import { createBm25Index } from '../text/bm25-index.js';
import { positionsByScore } from '../text/by-score.js';
import { tokenize } from '../text/text-rank.js';
import { tokenSpansOf } from '../text/token-spans.js';

/** A slice of a read source, ranked against the question when prompts are built. */
export interface KnowledgePassage {
  url: string;
  title: string;
  text: string;
}

/** What the run knows: items (from events) plus the passages of every source read. */
export interface Knowledge {
  add(item: KnowledgeItem): void;
  addSource(source: Source): void;
  readonly items: readonly KnowledgeItem[];
  /**
   * Passages most relevant to `query`, best first, whose texts fit in `maxChars` together; only
   * those `include` accepts, when given.
   */
  topPassages(
    query: string,
    maxChars: number,
    include?: (passage: KnowledgePassage) => boolean,
  ): KnowledgePassage[];
  /** Newest non-source items (feedback, notes, answers), at most `limit`, oldest first. */
  recentNotes(limit?: number): KnowledgeItem[];
}

/** Splits text into passages of about `PASSAGE_CHARS`, on paragraph then sentence boundaries. */
export function splitPassages(text: string, maxChars = PASSAGE_CHARS): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const passages: string[] = [];
  let current = '';
  const flush = () => {
    if (current) passages.push(current);
    current = '';
  };
  for (const paragraph of paragraphs) {
    const pieces =
      paragraph.length > maxChars ? (paragraph.match(/[^.!?]+[.!?]*\s*/g) ?? [paragraph]) : [paragraph];
    for (const piece of pieces) {
      if (current.length + piece.length + 1 > maxChars) flush();
      // A single sentence longer than a passage is cut so prompts stay bounded.
      for (let start = 0; start < piece.length; start += maxChars) {
        const chunk = piece.slice(start, start + maxChars).trim();
        if (!chunk) continue;
        current = current ? `${current}\n${chunk}` : chunk;
        if (current.length >= maxChars) flush();
      }
    }
  }
  flush();
  return passages;
}

/** Room below which no further passage is looked for. */
const MIN_USEFUL_CHARS = 40;

/** Creates an empty knowledge store with a BM25 index over source passages. */
export function createKnowledge(): Knowledge {
  const items: KnowledgeItem[] = [];
  /** The items that are not source summaries, kept apart: every prompt shows the newest. */
  const notes: KnowledgeItem[] = [];
  const passages: KnowledgePassage[] = [];
  const index = createBm25Index();
  const sourceUrls = new Set<string>();

  return {
    items,
    add(item) {
      items.push(item);
      if (item.kind !== 'source-summary') notes.push(item);
    },
    addSource(source) {
      if (sourceUrls.has(source.url)) return;
      sourceUrls.add(source.url);
      const own =
        source.passages.length === 0 || source.passages.some((item) => item.text.length > PASSAGE_CHARS);
      if (own) {
        for (const text of splitPassages(source.text)) {
          passages.push({ url: source.url, title: source.title, text });
          index.add(`${source.title} ${text}`);
        }
        return;
      }
      // The reader's passages are slices of the page's text: its words are read once for every
      // index that cuts the page (`tokenSpansOf`), and the title's once for all its passages.
      const spans = tokenSpansOf(source);
      const titleTerms = tokenize(source.title);
      // Comparing with the slice, not `startsWith(text, start)`: Node 20 reads the latter a
      // character at a time, about 90 µs a page of 7,600 characters against 2 µs.
      const sliced = (passage: Source['passages'][number]) =>
        spans !== undefined &&
        passage.start >= 0 &&
        passage.end - passage.start === passage.text.length &&
        source.text.slice(passage.start, passage.end) === passage.text;
      for (const passage of source.passages)
        passages.push({ url: source.url, title: source.title, text: passage.text });
      if (spans && source.passages.every(sliced)) {
        // Where the title's words stand among a passage's does not change its counts.
        index.addSlices(spans, source.passages, titleTerms);
        return;
      }
      for (const passage of source.passages) {
        if (spans && sliced(passage)) index.addSlices(spans, [passage], titleTerms);
        else index.addTerms(tokenize(`${source.title} ${passage.text}`));
      }
    },
    topPassages(query, maxChars, include = () => true) {
      // Only matching passages are sorted; the rest keep reading order and fill leftover room.
      const matching = positionsByScore(index.scores(query));
      const chosen: KnowledgePassage[] = [];
      const taken = new Uint8Array(passages.length);
      let used = 0;
      const take = (position: number) => {
        const passage = passages[position];
        if (!passage || used + passage.text.length > maxChars || !include(passage)) return;
        chosen.push(passage);
        taken[position] = 1;
        used += passage.text.length;
      };
      for (const position of matching) {
        take(position);
        if (maxChars - used < MIN_USEFUL_CHARS) return chosen;
      }
      for (
        let position = 0;
        position < passages.length && maxChars - used >= MIN_USEFUL_CHARS;
        position += 1
      ) {
        if (taken[position] !== 1) take(position);
      }
      return chosen;
    },
    recentNotes(limit = NOTES_PER_PROMPT) {
      return notes.slice(-limit);
    },
  };
}
