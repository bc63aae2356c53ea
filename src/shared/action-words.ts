/**
 * Counts with thousands separators, by a formatter of our own: V8 keeps one formatter for
 * `toLocaleString`, and calls with another locale in between ('en-US' elsewhere) make it build a
 * new one each time, about 25 µs against under 1. Made at the first count, not at import: making
 * it loads the locale's data (some 15 ms), which `--help` and most commands never need.
 */
let counts: Intl.NumberFormat | undefined;

/** `1 step`, `2 steps`; `pluralForm` for an irregular plural. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  counts ??= new Intl.NumberFormat('en');
  return `${counts.format(count)} ${count === 1 ? singular : pluralForm}`;
}

/** Text on one line, cut to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `example.com/a/long/pa…`: host and path, no scheme or query. */
function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return truncate(`${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`, 50);
  } catch {
    return truncate(url, 50);
  }
}

/**
 * What a tool call is doing, in words, for people (CLI progress, MCP progress): `searching "eiffel
 * tower"`, `reading example.com/page`; never the call's raw JSON.
 */
export function actionText(tool: string, input: Record<string, unknown>): string {
  const text = (key: string) => (typeof input[key] === 'string' ? (input[key] as string) : '');
  if (tool === 'search') return `searching "${truncate(text('query'), 50)}"`;
  if (tool === 'read') return `reading ${shortUrl(text('url'))}`;
  if (tool === 'deep-read') return `following links on ${shortUrl(text('url'))}`;
  if (tool === 'search_corpus') return `searching the corpus for "${truncate(text('query'), 50)}"`;
  if (tool === 'read_file') {
    const lines = typeof input.startLine === 'number' ? `:${input.startLine}-${input.endLine}` : '';
    return `reading ${truncate(text('path'), 50)}${lines}`;
  }
  if (tool === 'resolve_symbol') return `resolving ${truncate(text('name'), 40)} (${text('kind')})`;
  if (tool === 'compute') return `computing ${truncate(text('purpose'), 50)}`;
  if (tool === 'read_map') return `reading the repository map${text('path') ? ` of ${text('path')}` : ''}`;
  const first = Object.values(input).find((value) => typeof value === 'string');
  return typeof first === 'string' ? `${tool} ${truncate(first, 50)}` : tool;
}
