/**
 * The text of a research answer that is scored: citation markers (`[1]`, `[1, 2]`, `[^3]`), a
 * trailing references section and markdown markup removed, whitespace collapsed. Predictions made
 * elsewhere (`eval score`) are scored as given, like the official scripts do.
 */
export function predictionFromAnswer(answer: string): string {
  return answer
    .replace(/^#{1,6}\s*(references|sources|citations)\s*$[\s\S]*/im, '')
    .replace(/\[\^?\d+(?:\s*[,;–-]\s*\^?\d+)*\]/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/(^|[^\p{L}\p{N}])[*_]([^*_\n]+)[*_](?=[^\p{L}\p{N}]|$)/gu, '$1$2')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
