/**
 * Absolute http(s) URLs of the links in markdown (`[text](url)`, `[text](<url> "title")`, `<url>`),
 * images excluded, fragments dropped, in order of appearance, each once.
 */
export function linksInMarkdown(markdown: string, baseUrl: string): string[] {
  const links: string[] = [];
  const found = new Set<string>();
  const pattern = /(!?)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)|<(https?:\/\/[^>\s]+)>/g;
  for (const match of markdown.matchAll(pattern)) {
    if (match[1] === '!') continue;
    const target = match[2] ?? match[3];
    if (!target) continue;
    let url: URL;
    try {
      url = new URL(target, baseUrl);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    url.hash = '';
    if (!found.has(url.href)) {
      found.add(url.href);
      links.push(url.href);
    }
  }
  return links;
}
