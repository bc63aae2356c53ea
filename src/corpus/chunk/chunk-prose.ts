import { PROSE_CHUNK_CHARS } from '../constants.js';
import type { Chunk } from './types.js';

interface Block {
  startLine: number;
  endLine: number;
  chars: number;
  /** Set for a heading: its level (1 = `#`) and text. */
  heading?: { level: number; text: string };
}

const ATX = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const SETEXT = /^ {0,3}(=+|-+)\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/** Headings, fenced code blocks and paragraphs (runs of non-blank lines), in order. */
function blocksOf(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    if (!line.trim()) {
      index++;
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      blocks.push({
        startLine: index + 1,
        endLine: index + 1,
        chars: line.length,
        heading: { level: atx[1]!.length, text: atx[2]! },
      });
      index++;
      continue;
    }
    const start = index;
    let chars = 0;
    const fence = FENCE.exec(line)?.[1];
    if (fence) {
      // A fenced block is kept whole, blank lines included, up to its closing fence.
      do chars += lines[index++]!.length + 1;
      while (index < lines.length && !lines[index]!.trimStart().startsWith(fence));
      if (index < lines.length) chars += lines[index++]!.length;
      blocks.push({ startLine: start + 1, endLine: index, chars });
      continue;
    }
    while (index < lines.length && lines[index]!.trim() && !ATX.test(lines[index]!)) {
      const next = lines[index + 1];
      if (index > start || next === undefined || !SETEXT.test(next)) {
        chars += lines[index++]!.length + 1;
        continue;
      }
      break;
    }
    if (index === start) {
      // A one-line paragraph underlined with === or --- is a heading.
      const level = lines[index + 1]!.trim().startsWith('=') ? 1 : 2;
      blocks.push({
        startLine: index + 1,
        endLine: index + 2,
        chars: line.length,
        heading: { level, text: line.trim() },
      });
      index += 2;
      continue;
    }
    blocks.push({ startLine: start + 1, endLine: index, chars });
  }
  return blocks;
}

/**
 * Chunks of prose (markdown, plain text, a document's extracted markdown) along headings and
 * paragraphs: a heading starts a chunk, paragraphs join it up to about `PROSE_CHUNK_CHARS`. Each
 * chunk's title is its heading trail (`Guide › Install`), starting with `documentTitle` when given.
 */
export function chunkProse(lines: readonly string[], documentTitle?: string): Chunk[] {
  const chunks: Chunk[] = [];
  const trail: Array<{ level: number; text: string }> = [];
  let current:
    | { startLine: number; endLine: number; chars: number; title: string; body: boolean }
    | undefined;
  const titleNow = () => {
    const texts = trail.map((entry) => entry.text);
    if (documentTitle && texts[0] !== documentTitle) texts.unshift(documentTitle);
    return texts.join(' › ');
  };
  const flush = () => {
    if (current)
      chunks.push({
        startLine: current.startLine,
        endLine: current.endLine,
        symbol: undefined,
        title: current.title,
      });
    current = undefined;
  };
  for (const block of blocksOf(lines)) {
    if (block.heading) {
      // Consecutive headings (a title, then a section) stay in one chunk with the text after them.
      if (current?.body) flush();
      while (trail.length > 0 && trail[trail.length - 1]!.level >= block.heading.level) trail.pop();
      trail.push(block.heading);
    } else if (current && current.chars + block.chars > PROSE_CHUNK_CHARS && current.body) {
      flush();
    }
    if (!current)
      current = {
        startLine: block.startLine,
        endLine: block.endLine,
        chars: 0,
        title: titleNow(),
        body: false,
      };
    current.endLine = block.endLine;
    current.chars += block.chars;
    if (block.heading) current.title = titleNow();
    else current.body = true;
  }
  flush();
  return chunks;
}
