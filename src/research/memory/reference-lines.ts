/** The syntax of citations in an answer's markdown, and its reference lines. */

/** `http(s)://…` up to a space or a character no bare URL ends with in prose. */
export const BARE_URL = /https?:\/\/[^\s<>()[\]"'`]+/g;
/** `[label](url "title")` and `![alt](url)`: the label is group 2, the URL group 3. */
export const INLINE_LINK =
  /(!?)\[([^\]\n]{0,500})\]\(\s*<?(https?:\/\/[^\s>)]+)>?(?:\s+"[^"\n]{0,300}")?\s*\)/g;
/** `<https://…>`. */
export const AUTOLINK = /<(https?:\/\/[^\s>]+)>/g;
/** `[1]`, `[^2]`, `[1, 3]`; never `[1](…)` (a link) or `[1]:` (a definition). */
export const MARKER = /\[\^?([\w-]{1,20}(?:\s*,\s*\^?[\w-]{1,20})*)\](?![(:])/g;
/** A citation's whole span when it is one marker: `[2]`, `[^2]`. */
export const ONE_MARKER = /^\[\^?([\w-]{1,20})\]$/;
/** A reference line: `[1]: url "title"`, `[^1]: Title, url`, `[1] Title — url`. */
const REFERENCE_LINE = /^[ \t]{0,3}\[\^?([\w-]{1,20})\]:?[ \t]+(.*)$/;
/** A numbered list line `1. Title — url`: a reference line when `[1]` is cited elsewhere. */
const NUMBERED_LINE = /^[ \t]{0,3}(\d{1,3})[.)][ \t]+(.*)$/;

/** A cited source found in the answer, at an offset (undefined: the answer as a whole). */
export interface Occurrence {
  url: string;
  title?: string;
  at?: number;
}

/** A URL as written, without the punctuation prose puts after it. */
export function trimUrl(url: string): string {
  return url.replace(/[.,;:!?]+$/, '');
}

/** Words of a reference line around its URL: its title. */
function titleAround(text: string, url: string): string | undefined {
  const title = text
    .replace(url, ' ')
    .replace(/[<>"“”]/g, ' ')
    .replace(/\s+[-–—:|]\s*$|^\s*[-–—:|]\s+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.,;:–—-]+$/, '')
    .trim();
  return title === '' ? undefined : title;
}

/** Labels the text cites with markers (`[1]` → "1"), outside reference lines. */
function citedLabels(lines: readonly string[]): Set<string> {
  const labels = new Set<string>();
  for (const line of lines) {
    if (REFERENCE_LINE.test(line)) continue;
    for (const match of line.matchAll(MARKER))
      for (const label of (match[1] ?? '').split(',')) labels.add(label.replace(/[\s^]/g, ''));
  }
  return labels;
}

/** The label and text of a line that may list a source: `[1]: …` (`defined`) or `1. …`. */
function listedSource(
  line: string,
): { label: string; rest: string; url: string; defined: boolean } | undefined {
  const defined = REFERENCE_LINE.exec(line);
  const match = defined ?? NUMBERED_LINE.exec(line);
  const url = match?.[2]?.match(BARE_URL)?.[0];
  if (!match?.[1] || !url) return undefined;
  return { label: match[1], rest: match[2] ?? '', url, defined: defined !== null };
}

/**
 * Reference lines (`[1]: url`, and the numbered lines with a URL `1. Title url` when one of their
 * numbers is cited as `[n]`), by label, and the offsets of the lines they take: those are a list
 * of sources, not claims.
 */
export function referenceLines(text: string) {
  const lines = text.split('\n');
  const cited = citedLabels(lines);
  const listed = lines.map(listedSource);
  const numberedList = listed.some((entry) => entry && !entry.defined && cited.has(entry.label));
  const definitions = new Map<string, Occurrence>();
  const spans: { start: number; end: number }[] = [];
  let start = 0;
  lines.forEach((line, index) => {
    const end = start + line.length;
    const entry = listed[index];
    if (entry && (entry.defined || numberedList)) {
      const title = titleAround(entry.rest.replace(INLINE_LINK, '$2 $3'), entry.url);
      if (!definitions.has(entry.label))
        definitions.set(entry.label, { url: trimUrl(entry.url), ...(title ? { title } : {}) });
      spans.push({ start, end });
    }
    start = end + 1;
  });
  return { definitions, spans };
}
