import { hasSpaceToCollapse } from './text-measures.js';

/** A text as inline content writes it: each run of white space (and U+200B) one space. */
export function collapse(text: string): string {
  return hasSpaceToCollapse(text, true) ? text.replace(/[\s\u200b]+/g, ' ') : text;
}

/**
 * Inline content's lines (split at `line`), runs of spaces made one and each line trimmed, joined by
 * `lineBreak` and trimmed. `trim` drops what `\s` matches, line breaks included; without a line
 * break or two spaces in a row (most paragraphs) it is all that changes anything.
 */
export function joinedLines(inline: string, line: string, lineBreak: string): string {
  if (!inline.includes(line) && !inline.includes('  ')) return inline.trim();
  return inline
    .replace(/ +/g, ' ')
    .split(line)
    .map((part) => part.trim())
    .join(lineBreak)
    .trim();
}
