/** A page named in a tool's input or output. */
export interface Link {
  url: string;
  title?: string;
  /** For read outputs: whether that page was read. */
  ok?: boolean;
}

const LIST_KEYS = ['results', 'pages', 'sources', 'urls', 'items'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toLink(value: unknown): Link | undefined {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? { url: value } : undefined;
  if (!isRecord(value) || typeof value.url !== 'string') return undefined;
  return {
    url: value.url,
    ...(typeof value.title === 'string' && value.title ? { title: value.title } : {}),
    ...(typeof value.ok === 'boolean' ? { ok: value.ok } : {}),
  };
}

/**
 * The pages a tool's structured input or output names. Tools report small objects such as
 * `{ results: [{ url, title }] }`, `{ pages: [{ url, title, ok }] }`, `{ urls: [...] }` or
 * `{ url, title }`; anything else yields no links rather than an error.
 */
export function linksIn(value: Record<string, unknown> | undefined): Link[] {
  if (!value) return [];
  const links: Link[] = [];
  for (const key of LIST_KEYS) {
    const list = value[key];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const link = toLink(item);
      if (link) links.push(link);
    }
  }
  const single = toLink(value);
  if (single) links.push(single);
  return links;
}

/** Host of a URL without `www.`, or the URL itself when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    // Not a URL the browser can parse: show it as it is rather than hide it.
    return url;
  }
}
