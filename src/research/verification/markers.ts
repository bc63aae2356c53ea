/** A citation marker the writer puts after a sentence: `[F3]`, `[F3, F7]`, `[F3; F7]`, `[F3-F5]`. */
const FINDING_MARKER = /\[\s*F\d+(?:\s*[-–,;]\s*F?\d+)*\s*\]/gi;
/** A bare numbered marker (`[2]`): never the writer's to use, since the engine numbers references. */
const NUMBER_MARKER = /\[\d{1,3}\]/g;

/** Finding ids a text cites, in order of first citation, upper-cased (`F3`). */
export function citedIds(text: string): string[] {
  const ids: string[] = [];
  for (const marker of text.match(FINDING_MARKER) ?? []) {
    for (const id of marker.match(/F\d+/gi) ?? []) {
      const upper = id.toUpperCase();
      if (!ids.includes(upper)) ids.push(upper);
    }
  }
  return ids;
}

/** The text without any citation marker (and the space before one). */
export function stripMarkers(text: string): string {
  return text
    .replace(new RegExp(`\\s*(?:${FINDING_MARKER.source}|${NUMBER_MARKER.source})`, 'gi'), '')
    .trim();
}

/**
 * Rewrites the text's finding markers with `render` (given the ids a marker cites that `keep`
 * accepts, in order); a marker left with no id is removed. Numbered markers are removed.
 */
export function rewriteMarkers(
  text: string,
  keep: (id: string) => boolean,
  render: (ids: string[]) => string,
): string {
  return text
    .replace(new RegExp(`\\s*${NUMBER_MARKER.source}`, 'g'), '')
    .replace(
      new RegExp(`(\\s*)(${FINDING_MARKER.source})`, 'gi'),
      (_match, space: string, marker: string) => {
        const ids = (marker.match(/F\d+/gi) ?? []).map((id) => id.toUpperCase()).filter(keep);
        const unique = [...new Set(ids)];
        return unique.length === 0 ? '' : `${space}${render(unique)}`;
      },
    );
}

/** Words of a text, citation markers and markdown emphasis not counted. */
export function countWords(markdown: string): number {
  return (
    stripMarkers(markdown)
      .replace(/[#*_`>|]/g, ' ')
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)?.length ?? 0
  );
}
