import {
  computationCitationLabel,
  fileCitationLabel,
  quoteOf,
  type ResearchResult,
} from '../contract/index.js';
import { escapeHtml, isLiveHref, renderMarkdownHtml } from '../markdown/index.js';
import { type ListedReference, reportParts } from './sections.js';

/** One reference as a list item the answer's `[n]` markers link to; its text is never markup. */
function referenceItem({ reference, number, note }: ListedReference): string {
  const mark = note ? ` <em>${escapeHtml(note)}</em>` : '';
  const computation = reference.computation;
  if (computation) {
    // A computation: what it was computed from, its program as code, and its output.
    const label = escapeHtml(`${reference.title.trim()} (${computationCitationLabel(reference)})`);
    const program = `<pre><code>${escapeHtml(computation.program)}</code></pre>`;
    return `<li id="reference-${number}">${label}${mark}${program}<p>Output: <code>${escapeHtml(computation.output)}</code></p></li>`;
  }
  const file = fileCitationLabel(reference);
  if (file) {
    // Lines of a local file: its path and lines, and the quoted lines as code.
    const code = reference.quote.trim()
      ? `<pre><code>${escapeHtml(reference.quote.trim())}</code></pre>`
      : '';
    return `<li id="reference-${number}"><code>${escapeHtml(file)}</code>${mark}${code}</li>`;
  }
  const title = escapeHtml(reference.title.trim() || reference.url);
  const link = isLiveHref(reference.url)
    ? `<a href="${escapeHtml(reference.url)}" rel="noopener noreferrer">${title}</a>`
    : title;
  const quote = quoteOf(reference) ? `<blockquote>${escapeHtml(quoteOf(reference))}</blockquote>` : '';
  return `<li id="reference-${number}">${link}${mark}${quote}</li>`;
}

/**
 * The same report as a standalone HTML page. The answer goes through the shared markdown renderer
 * (the one the web UI uses): raw HTML is shown as text, only http(s) and mailto links are live, and
 * each citation marker links to its numbered reference below.
 */
export function reportHtml(question: string, result: ResearchResult): string {
  const parts = reportParts(question, result, 'replace');
  const count = parts.references.length;
  const citationHref = (number: number) =>
    number >= 1 && number <= count ? `#reference-${number}` : undefined;
  const answer = renderMarkdownHtml(parts.answer, { citationHref });
  const conflicts = parts.conflicts ? renderMarkdownHtml(parts.conflicts, { citationHref }) : '';
  const items = parts.references.map(referenceItem);
  const references = count > 0 ? `<h2>References</h2>\n<ol>\n${items.join('\n')}\n</ol>\n` : '';
  const closing = parts.closing.map((section) => renderMarkdownHtml(section)).join('');
  const heading = parts.ownTitle ? '' : `<h1>${escapeHtml(parts.title)}</h1>\n`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(question.slice(0, 120))}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>${STYLE}</style>
</head><body>
${heading}${answer}${conflicts}${references}${closing}</body></html>
`;
}

const STYLE = [
  'body{font:16px/1.6 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}',
  'blockquote{color:#555;border-left:3px solid #ccc;margin:0 0 0 1rem;padding-left:.75rem}',
  'table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.25rem .5rem}',
  'pre{background:#f6f6f6;padding:.75rem;overflow-x:auto}',
  '.citation{text-decoration:none;font-size:.85em;vertical-align:super}',
  ':target{background:#fff7d6}',
].join('');
