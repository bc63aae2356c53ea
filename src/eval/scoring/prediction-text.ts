/**
 * The text of a research answer that is scored by exact match and F1: its lead — the first paragraph
 * that is not a heading, since the writer answers first and directly and then gives the supporting
 * details — cleaned by `answerText`. Predictions made elsewhere (`eval score`) are scored as given,
 * like the official scripts do.
 */
export function predictionFromAnswer(answer: string): string {
  const body = answer.replace(REFERENCES_SECTION, '');
  const lead = body
    .split(/\n\s*\n/)
    .find((block) => block.trim() !== '' && !/^\s{0,3}#{1,6}\s/.test(block.trim()));
  return answerText(lead ?? '').replace(/\s+/g, ' ');
}

/**
 * A whole answer as plain text, as the judge reads it: citation markers (`[1]`, `[1, 2]`, `[^3]`),
 * a trailing references section and markdown markup removed, spaces collapsed, paragraphs kept.
 */
export function answerText(answer: string): string {
  return answer
    .replace(REFERENCES_SECTION, '')
    .replace(/\[\^?\d+(?:\s*[,;–-]\s*\^?\d+)*\]/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/(^|[^\p{L}\p{N}])[*_]([^*_\n]+)[*_](?=[^\p{L}\p{N}]|$)/gu, '$1$2')
    .replace(/[^\S\n]+([.,;:!?])/g, '$1')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n\s*\n\s*/g, '\n\n')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}

const REFERENCES_SECTION = /^#{1,6}\s*(references|sources|citations)\s*$[\s\S]*/im;
