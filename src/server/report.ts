import { describeSupport, type ResearchResult } from '../contract/index.js';
import { escapeHtml, markdownToHtml } from './markdown-html.js';

/** A finished run as a markdown document: the question, the answer, its references with quotes, the support rate. */
export function reportMarkdown(question: string, result: ResearchResult): string {
  const parts = [`# ${question.split('\n')[0]}`, result.answer.trim() || '_No answer could be produced._'];
  if (result.references.length > 0) {
    const lines = result.references.map((reference, index) => {
      const title = reference.title.trim() || reference.url;
      const mark = reference.verified ? '' : ' _(quote not verified to support the claim)_';
      const quote = reference.quote.trim() ? `\n   > ${reference.quote.trim().replace(/\s+/g, ' ')}` : '';
      return `${index + 1}. [${title}](${reference.url})${mark}${quote}`;
    });
    parts.push(`## References\n\n${lines.join('\n')}`);
  }
  const support = describeSupport(result.claims);
  if (support) {
    const unsupported = result.claims.unsupported.map((claim) => `- ${claim.text} — _${claim.reason}_`);
    parts.push(
      [`_${support}._`, ...(unsupported.length > 0 ? ['', 'Not supported:', '', ...unsupported] : [])].join(
        '\n',
      ),
    );
  }
  if (result.status !== 'completed') parts.push(`_Status: ${result.status} (${result.stopReason})._`);
  return `${parts.join('\n\n')}\n`;
}

/** The same report as a standalone HTML page. */
export function reportHtml(question: string, result: ResearchResult): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(question.slice(0, 120))}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}blockquote{color:#555;border-left:3px solid #ccc;margin:0 0 0 1rem;padding-left:.75rem}</style>
</head><body>
${markdownToHtml(reportMarkdown(question, result))}
</body></html>
`;
}
