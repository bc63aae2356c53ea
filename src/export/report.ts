import {
  computationCitationLabel,
  conflictsMarkdown,
  describeSupport,
  fileCitationLabel,
  followUpsMarkdown,
  hasUnverifiedSection,
  type Reference,
  type ResearchResult,
  referenceMarkdownLabel,
} from '../contract/index.js';
import { escapeHtml, isLiveHref, renderMarkdownHtml } from '../markdown/index.js';

/** What a report says in place of an empty answer. */
export const NO_ANSWER = '_No answer could be produced._';
/** The mark of a reference whose quote was not verified. */
export const UNVERIFIED = '(quote not verified to support the claim)';

/** A report's title: the question's first line. */
export const titleOf = (question: string) => question.split('\n')[0] ?? '';
/** A report (`--report`) starts with its own `# Title`: the export then adds no second one. */
export const hasOwnTitle = (answer: string) => /^\s*# \S/.test(answer);
/** How a run that was not accepted ended, as a markdown line. */
export const statusLine = (result: ResearchResult) => `_Status: ${result.status} (${result.stopReason})._`;
/** A reference's quote on one line. */
export const quoteOf = (reference: Reference) => reference.quote.trim().replace(/\s+/g, ' ');
/** A report's own reference list, the last section of its text (the engine appends it). */
export const OWN_REFERENCE_LIST = /\n#{1,3}[ \t]*references[ \t]*\n(?![\s\S]*\n#{1,3}[ \t])[\s\S]*$/i;

/** The support rate and each unsupported claim with its reason, as markdown; empty when nothing was checked. */
export function supportMarkdown(result: ResearchResult): string {
  const support = describeSupport(result.claims);
  if (!support) return '';
  // The answer lists its removed sentences itself, under "Could not be verified".
  if (hasUnverifiedSection(result.answer)) return `_${support}._`;
  const unsupported = result.claims.unsupported.map(
    (claim) => `- ${claim.text.replace(/\s+/g, ' ')} — _${claim.reason.replace(/\s+/g, ' ')}_`,
  );
  return [
    `_${support}._`,
    ...(unsupported.length > 0 ? ['', 'Not supported:', '', ...unsupported] : []),
  ].join('\n');
}

/** A finished run as a markdown document: the question (or the report's own title), the answer, its references with quotes. */
export function reportMarkdown(question: string, result: ResearchResult): string {
  const answer = result.answer.trim() || NO_ANSWER;
  const parts = hasOwnTitle(answer) ? [answer] : [`# ${titleOf(question)}`, answer];
  // A report lists its references itself; the list is not repeated.
  if (result.references.length > 0 && !OWN_REFERENCE_LIST.test(result.answer)) {
    const lines = result.references.map((reference, index) => {
      const mark = reference.verified ? '' : ` _${UNVERIFIED}_`;
      const quote = quoteOf(reference) ? `\n   > ${quoteOf(reference)}` : '';
      return `${index + 1}. ${referenceMarkdownLabel(reference)}${mark}${quote}`;
    });
    parts.push(`## References\n\n${lines.join('\n')}`);
  }
  const conflicts = conflictsMarkdown(result);
  if (conflicts) parts.push(conflicts);
  const support = supportMarkdown(result);
  if (support) parts.push(support);
  const followUps = followUpsMarkdown(result);
  if (followUps) parts.push(followUps);
  if (result.status !== 'completed') parts.push(statusLine(result));
  return `${parts.join('\n\n')}\n`;
}

/** One reference as a list item the answer's `[n]` markers link to; its text is never markup. */
function referenceItem(reference: Reference, index: number): string {
  const computation = reference.computation;
  if (computation) {
    // A computation: what it was computed from, its program as code, and its output.
    const mark = reference.verified ? '' : ` <em>${UNVERIFIED}</em>`;
    const label = escapeHtml(`${reference.title.trim()} (${computationCitationLabel(reference)})`);
    const program = `<pre><code>${escapeHtml(computation.program)}</code></pre>`;
    return `<li id="reference-${index + 1}">${label}${mark}${program}<p>Output: <code>${escapeHtml(computation.output)}</code></p></li>`;
  }
  const file = fileCitationLabel(reference);
  if (file) {
    // Lines of a local file: its path and lines, and the quoted lines as code.
    const mark = reference.verified ? '' : ` <em>${UNVERIFIED}</em>`;
    const code = reference.quote.trim()
      ? `<pre><code>${escapeHtml(reference.quote.trim())}</code></pre>`
      : '';
    return `<li id="reference-${index + 1}"><code>${escapeHtml(file)}</code>${mark}${code}</li>`;
  }
  const title = escapeHtml(reference.title.trim() || reference.url);
  const link = isLiveHref(reference.url)
    ? `<a href="${escapeHtml(reference.url)}" rel="noopener noreferrer">${title}</a>`
    : title;
  const mark = reference.verified ? '' : ` <em>${UNVERIFIED}</em>`;
  const quote = quoteOf(reference) ? `<blockquote>${escapeHtml(quoteOf(reference))}</blockquote>` : '';
  return `<li id="reference-${index + 1}">${link}${mark}${quote}</li>`;
}

/**
 * The same report as a standalone HTML page. The answer goes through the shared markdown renderer
 * (the one the web UI uses): raw HTML is shown as text, only http(s) and mailto links are live, and
 * each citation marker links to its numbered reference below.
 */
export function reportHtml(question: string, result: ResearchResult): string {
  const count = result.references.length;
  // The list below replaces a report's own: its items are the targets of the citation links.
  const text = result.answer.replace(OWN_REFERENCE_LIST, '').trim();
  const citationHref = (number: number) =>
    number >= 1 && number <= count ? `#reference-${number}` : undefined;
  const answer = renderMarkdownHtml(text || NO_ANSWER, { citationHref });
  const references =
    count > 0 ? `<h2>References</h2>\n<ol>\n${result.references.map(referenceItem).join('\n')}\n</ol>\n` : '';
  const conflicts = conflictsMarkdown(result);
  const conflictsHtml = conflicts ? renderMarkdownHtml(conflicts, { citationHref }) : '';
  const support = supportMarkdown(result);
  const supportHtml = support ? renderMarkdownHtml(support) : '';
  const followUps = followUpsMarkdown(result);
  const followUpsHtml = followUps ? renderMarkdownHtml(followUps) : '';
  const status = result.status === 'completed' ? '' : renderMarkdownHtml(statusLine(result));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(question.slice(0, 120))}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>${STYLE}</style>
</head><body>
${hasOwnTitle(text) ? '' : `<h1>${escapeHtml(titleOf(question))}</h1>\n`}${answer}${conflictsHtml}${references}${supportHtml}${followUpsHtml}${status}</body></html>
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
