import type { SourceConflict } from '../../contract/index.js';
import { contextTokensFor, estimateTokens } from '../../llm/index.js';
import { WRITER_MAX_OUTPUT_TOKENS } from '../constants.js';
import { outputTokensFor } from '../evidence/evidence-budget.js';
import type { EvidenceSelection } from '../evidence/select-evidence.js';
import { evidenceSection } from '../prompts/evidence-sections.js';
import { sectionPrompt, sectionSystem } from '../prompts/outline-prompt.js';
import { softFailure } from '../run/soft-failure.js';
import type { StepContext } from '../run/step-context.js';
import { type OutlineSection, planReport } from './outline.js';
import type { Written } from './write-answer.js';
import { gatherEvidence } from './writer-evidence.js';

/** Findings a framing section (summary, conclusion) sees from each sub-question. */
const FRAMING_FINDINGS_PER_SUB_QUESTION = 2;
/** Output tokens per word asked for: words, markdown and citation markers. */
const TOKENS_PER_WORD = 2;

/**
 * The part of the selection one section draws on; framing sections get the first findings of each.
 * A section given one value of a conflict gets the findings of the others too, to state them all.
 */
function sectionSelection(
  selection: EvidenceSelection,
  section: OutlineSection,
  conflicts: readonly SourceConflict[],
): EvidenceSelection {
  const wanted = new Set(section.findingIds);
  const given = selection.groups.map((group) =>
    wanted.size > 0
      ? group.chosen.filter((entry) => wanted.has(entry.finding.id))
      : group.chosen.slice(0, FRAMING_FINDINGS_PER_SUB_QUESTION),
  );
  const ids = new Set(given.flat().map((entry) => entry.finding.id));
  for (const conflict of conflicts) {
    const sides = conflict.values.flatMap((value) => value.findingIds);
    if (sides.some((id) => ids.has(id))) for (const id of sides) ids.add(id);
  }
  const groups = selection.groups.map((group) => ({
    ...group,
    chosen: group.chosen.filter((entry) => ids.has(entry.finding.id)),
    overflow: [],
  }));
  return { groups: groups.filter((group) => group.chosen.length > 0), tokens: 0 };
}

/**
 * Writes a long report: an outline from the findings, then one writer call per section (streamed
 * as `report-delta`), so its length is not capped by one call's output. Each section cites the
 * findings it was given. A section that fails is left out with a warning; no section at all throws.
 */
export async function writeReport(context: StepContext, stopped?: string): Promise<Written> {
  const { run } = context;
  const contextTokens = contextTokensFor(run.options, 'writer');
  const outputTokens = outputTokensFor(contextTokens, WRITER_MAX_OUTPUT_TOKENS);
  const fixed = estimateTokens(
    sectionSystem(run, run.options.reportWords, stopped),
    sectionPrompt(run, { title: run.question, headings: [], heading: '', evidence: '' }),
  );
  const evidence = await gatherEvidence(context, { role: 'writer', fixedTokens: fixed, outputTokens });
  const outline = await planReport(context, evidence.selection);
  const headings = outline.sections.map((section) => section.heading);
  const parts: string[] = [`# ${outline.title}`];
  context.emit({ type: 'report-delta', text: `${parts[0]}\n\n` });
  let failure: unknown;
  for (const section of outline.sections) {
    const heading = `## ${section.heading}`;
    context.emit({ type: 'report-delta', text: `${heading}\n\n` });
    try {
      const result = await context.llm.generateText({
        role: 'writer',
        system: sectionSystem(run, section.words, stopped),
        prompt: sectionPrompt(run, {
          title: outline.title,
          headings,
          heading: section.heading,
          evidence: evidenceSection(
            sectionSelection(evidence.selection, section, evidence.conflicts),
            evidence.notes,
            evidence.conflicts,
          ),
        }),
        abortSignal: context.signal,
        maxOutputTokens: Math.min(outputTokens, section.words * TOKENS_PER_WORD + 256),
        onDelta: (text) => {
          if (text) context.emit({ type: 'report-delta', text });
        },
      });
      // A section must not bring its own headings above its level.
      const body = result.value.trim().replace(/^#{1,2}\s+/gm, '### ');
      parts.push(`${heading}\n\n${body}`);
      context.emit({ type: 'report-delta', text: '\n\n' });
    } catch (error) {
      softFailure(context, error, `The report section "${section.heading}"`);
      failure = error;
    }
  }
  if (parts.length === 1) throw failure ?? new Error('The report has no section.');
  return { text: parts.join('\n\n'), evidence };
}
