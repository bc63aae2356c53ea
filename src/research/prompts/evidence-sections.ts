import type { SourceConflict } from '../../contract/index.js';
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
 * The conflicts whose values the writer can cite (two or more of them among the findings shown),
 * each as "sources differ: 330 metres [F1], 300 m [F2]"; empty when there is none.
 */
export function conflictsSection(selection: EvidenceSelection, conflicts: readonly SourceConflict[]): string {
  const shown = new Set(
    selection.groups.flatMap((group) => group.chosen.flatMap((entry) => [entry.finding.id, ...entry.merged])),
  );
  const lines = conflicts.flatMap((conflict) => {
    const values = conflict.values
      .map((value) => ({ value: value.value, ids: value.findingIds.filter((id) => shown.has(id)) }))
      .filter((value) => value.ids.length > 0);
    if (values.length < 2) return [];
    const differ = values.map((value) => `${inlineWebText(value.value, 60)} [${value.ids.join(', ')}]`);
    return [
      `- ${conflict.subQuestion}, "${inlineWebText(conflict.about, 160)}": sources differ: ${differ.join(', ')}`,
    ];
  });
  if (lines.length === 0) return '';
  return `<conflicts note="the findings give different values for the same thing: state every value with its citations, never one alone">\n${lines.join('\n')}\n</conflicts>`;
}

/**
 * The selected findings by sub-question, with their quotes, and notes on what did not fit: what
 * the writer and the forced answer write from; then the conflicts between the findings shown.
 */
export function evidenceSection(
  selection: EvidenceSelection,
  notes: ReadonlyMap<string, string> = new Map(),
  conflicts: readonly SourceConflict[] = [],
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
  const differ = conflictsSection(selection, conflicts);
  return `<evidence>\n${parts.join('\n\n')}\n</evidence>${differ ? `\n\n${differ}` : ''}`;
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
