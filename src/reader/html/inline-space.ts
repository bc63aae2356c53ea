import { isSpaceCode } from './dom.js';

/** A text as inline content writes it: each run of white space (and U+200B) one space. */
export function collapse(text: string): string {
  return needsCollapsing(text) ? text.replace(/[\s\u200b]+/g, ' ') : text;
}

/** Whether `text` holds white space other than single spaces (most texts of prose hold none). */
function needsCollapsing(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 0x20 && code < 0xa0) continue;
    if (code !== 0x20) {
      if (isSpaceCode(code)) return true;
    } else if (index + 1 < text.length && isSpaceCode(text.charCodeAt(index + 1))) return true;
  }
  return false;
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
