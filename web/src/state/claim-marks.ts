/** A stretch of rendered text: from a text node and offset to another, as a DOM Range takes them. */
export interface TextSpan {
  start: { node: number; offset: number };
  end: { node: number; offset: number };
}

/** A claim's markdown as it reads once rendered: emphasis, code ticks and link targets gone. */
export function renderedText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Where each sentence occurs in the text of consecutive text nodes (whitespace-insensitive), so the
 * answer panel can mark it. Sentences that cannot be found (the renderer changed them) are skipped.
 */
export function locateSentences(nodeTexts: readonly string[], sentences: readonly string[]): TextSpan[] {
  let flat = '';
  const positions: { node: number; offset: number }[] = [];
  let lastWasSpace = true;
  nodeTexts.forEach((text, node) => {
    for (let offset = 0; offset < text.length; offset += 1) {
      const character = text[offset] ?? '';
      const space = /\s/.test(character);
      if (space && lastWasSpace) continue;
      flat += space ? ' ' : character;
      positions.push({ node, offset });
      lastWasSpace = space;
    }
  });
  const spans: TextSpan[] = [];
  for (const sentence of sentences) {
    const needle = renderedText(sentence);
    if (!needle) continue;
    const at = flat.indexOf(needle);
    const start = positions[at];
    const last = positions[at + needle.length - 1];
    if (at === -1 || !start || !last) continue;
    spans.push({ start, end: { node: last.node, offset: last.offset + 1 } });
  }
  return spans;
}
