import { estimateTokens } from '../../llm/index.js';
import type { KnowledgePassage } from '../evidence/knowledge.js';
import type { MergedFinding } from '../evidence/merge-findings.js';
import type { EvidenceSelection } from '../evidence/select-evidence.js';
import { hostOf } from '../sources/hosts.js';
import { inlineWebText, sourceBlock } from '../text/untrusted.js';

/** Characters of a claim and of a quote as shown in prompts. */
const CLAIM_CHARS = 400;
const QUOTE_CHARS = 600;

/** One finding as the writer sees it: id, claim, source and quotes. */
export function findingBlock(entry: MergedFinding): string {
  const { finding } = entry;
  const same = entry.merged.length > 0 ? ` (also ${entry.merged.join(', ')})` : '';
  const date = finding.publishedAt ? `, ${inlineWebText(finding.publishedAt, 40)}` : '';
  const quotes = finding.quotes.map((quote) => `  > ${inlineWebText(quote.text, QUOTE_CHARS)}`);
  return [
    `[${finding.id}]${same} ${inlineWebText(finding.claim, CLAIM_CHARS)}`,
    `  source: ${inlineWebText(finding.source.title, 120)} — ${inlineWebText(finding.source.url)}${date}`,
    ...quotes,
  ].join('\n');
}

/** One finding as the planner sees it: id, claim and host. */
export function findingLine(entry: MergedFinding): string {
  const host = hostOf(entry.finding.source.url) ?? entry.finding.source.url;
  return `- ${entry.finding.id} ${inlineWebText(entry.finding.claim, CLAIM_CHARS)} (${inlineWebText(host)})`;
}

/** Tokens a finding costs as the writer sees it. */
export const findingBlockTokens = (entry: MergedFinding) => estimateTokens(findingBlock(entry));
/** Tokens a finding costs as the planner sees it. */
export const findingLineTokens = (entry: MergedFinding) => estimateTokens(findingLine(entry));

/**
 * The selected findings by sub-question, with their quotes, and notes on what did not fit: what
 * the writer and the forced answer write from.
 */
export function evidenceSection(
  selection: EvidenceSelection,
  notes: ReadonlyMap<string, string> = new Map(),
): string {
  const parts = selection.groups.map((group) => {
    const { subQuestion } = group;
    const header = `## ${subQuestion.id} (${subQuestion.status}): ${inlineWebText(subQuestion.text)}`;
    const findings =
      group.chosen.length > 0 ? group.chosen.map(findingBlock).join('\n') : '(no findings for this one)';
    const note = notes.get(subQuestion.id);
    const more =
      group.overflow.length === 0
        ? ''
        : note
          ? `Note on ${group.overflow.length} more findings (context only, cannot be cited): ${inlineWebText(note, 2_000)}`
          : `(${group.overflow.length} more findings did not fit.)`;
    return [header, findings, more].filter(Boolean).join('\n');
  });
  return `<evidence>\n${parts.join('\n\n')}\n</evidence>`;
}

/** The selected findings as claims only, by sub-question: what the planner sees each step. */
export function findingsOverview(selection: EvidenceSelection): string {
  if (selection.groups.every((group) => group.chosen.length + group.overflow.length === 0)) return '';
  const parts = selection.groups.map((group) => {
    const count = group.chosen.length + group.overflow.length;
    const lines = group.chosen.map(findingLine);
    if (group.overflow.length > 0) lines.push(`- … and ${group.overflow.length} more`);
    return [`${group.subQuestion.id} (${group.subQuestion.status}, ${count} findings)`, ...lines].join('\n');
  });
  return `<findings>\n${parts.join('\n')}\n</findings>`;
}

/** Passages of pages no finding came from, as context the writer may not cite. */
export function contextPassagesSection(passages: readonly KnowledgePassage[]): string {
  if (passages.length === 0) return '';
  return `<context-passages note="not extracted into findings; context only, cannot be cited">\n${passages.map((passage) => sourceBlock(passage)).join('\n')}\n</context-passages>`;
}
