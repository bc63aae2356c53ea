/** A title for a document that has none: the last path segment of its URL, or its host. */
export function titleFromUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const segment = parsed.pathname.split('/').filter(Boolean).pop();
    return segment ? decodeURIComponent(segment) : parsed.hostname;
  } catch {
    return url;
  }
}

/** The first non-empty line of a text, shortened to `maxChars`; `undefined` when there is none. */
export function firstLine(text: string, maxChars = 200): string | undefined {
  const line = text
    .split('\n')
    .map((candidate) => candidate.trim())
    .find((candidate) => candidate !== '');
  if (line === undefined) return undefined;
  return line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line;
}
