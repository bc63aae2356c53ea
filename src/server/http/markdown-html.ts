const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Inline markdown (code, bold, italic, links) on already-escaped text; only http(s) links. */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>')
    .replace(/(^|\W)_([^_]+)_(?=\W|$)/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2" rel="noopener noreferrer">$1</a>');
}

/**
 * A small, safe markdown → HTML conversion for reports: headings, paragraphs, lists, quotes, code
 * blocks, emphasis and http(s) links. All text is escaped; raw HTML in the markdown is shown, not run.
 */
export function markdownToHtml(markdown: string): string {
  const output: string[] = [];
  let list: 'ul' | 'ol' | undefined;
  let paragraph: string[] = [];
  let code: string[] | undefined;
  const flushParagraph = () => {
    if (paragraph.length) output.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const closeList = () => {
    if (list) output.push(`</${list}>`);
    list = undefined;
  };
  for (const line of markdown.split('\n')) {
    if (code) {
      if (line.startsWith('```')) {
        output.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
        code = undefined;
      } else code.push(line);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    const quote = /^\s*>\s?(.*)$/.exec(line);
    if (line.startsWith('```')) {
      flushParagraph();
      closeList();
      code = [];
    } else if (heading?.[1] && heading[2] !== undefined) {
      flushParagraph();
      closeList();
      output.push(`<h${heading[1].length}>${inline(heading[2])}</h${heading[1].length}>`);
    } else if (bullet?.[1] !== undefined || numbered?.[1] !== undefined) {
      flushParagraph();
      const kind = bullet ? 'ul' : 'ol';
      if (list !== kind) {
        closeList();
        output.push(`<${kind}>`);
        list = kind;
      }
      output.push(`<li>${inline(bullet?.[1] ?? numbered?.[1] ?? '')}</li>`);
    } else if (quote?.[1] !== undefined) {
      flushParagraph();
      output.push(`<blockquote>${inline(quote[1])}</blockquote>`);
    } else if (line.trim() === '') {
      flushParagraph();
      closeList();
    } else {
      if (list) closeList();
      paragraph.push(line.trim());
    }
  }
  if (code) output.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
  flushParagraph();
  closeList();
  return output.join('\n');
}
