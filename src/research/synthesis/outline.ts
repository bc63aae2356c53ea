import { contextTokensFor } from '../../llm/index.js';
import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { outputTokensFor } from '../evidence/evidence-budget.js';
import type { EvidenceSelection } from '../evidence/select-evidence.js';
import { findingsOverview } from '../prompts/evidence-sections.js';
import { outlinePrompt, outlineSchema, outlineSystem } from '../prompts/outline-prompt.js';
import { softFailure } from '../run/soft-failure.js';
import type { StepContext } from '../run/step-context.js';

/** One section of the report to write: its heading, the findings it draws on, its length. */
export interface OutlineSection {
  heading: string;
  findingIds: string[];
  words: number;
}

/** The report's plan. */
export interface Outline {
  title: string;
  sections: OutlineSection[];
}

/** Fewest words a section is asked for. */
const MIN_SECTION_WORDS = 80;

/** Findings of a selection for the given sub-questions and finding ids, in selection order. */
function findingsFor(selection: EvidenceSelection, subQuestions: readonly string[], ids: readonly string[]) {
  const wanted = new Set(ids.map((id) => id.trim().toUpperCase()));
  const questions = new Set(subQuestions.map((id) => id.trim().toLowerCase()));
  return selection.groups.flatMap((group) =>
    group.chosen
      .filter((entry) => questions.has(group.subQuestion.id.toLowerCase()) || wanted.has(entry.finding.id))
      .map((entry) => entry.finding.id),
  );
}

/** Scales the sections' word targets so they add up to `total`, none below MIN_SECTION_WORDS. */
function scaleWords(sections: OutlineSection[], total: number): OutlineSection[] {
  const sum = sections.reduce((acc, section) => acc + Math.max(1, section.words), 0);
  return sections.map((section) => ({
    ...section,
    words: Math.max(MIN_SECTION_WORDS, Math.round((Math.max(1, section.words) / sum) * total)),
  }));
}

/** A summary, one section per sub-question with findings, and a conclusion. */
export function fallbackOutline(context: StepContext, selection: EvidenceSelection): Outline {
  const body = selection.groups
    .filter((group) => group.chosen.length > 0)
    .map((group) => ({
      heading: group.subQuestion.text,
      findingIds: group.chosen.map((entry) => entry.finding.id),
      words: 3,
    }));
  const sections = [
    { heading: 'Summary', findingIds: [], words: 1 },
    ...body,
    { heading: 'Conclusion', findingIds: [], words: 1 },
  ];
  return { title: context.run.question, sections: scaleWords(sections, context.run.options.reportWords) };
}

/**
 * Asks the writer for the report's outline from the findings (claims only). Sections that name
 * nothing known are kept for framing (summary, conclusion); an outline without usable sections, or
 * a failed call, gives the fallback outline.
 */
export async function planReport(context: StepContext, selection: EvidenceSelection): Promise<Outline> {
  const { run } = context;
  try {
    const result = await context.llm.generateObject({
      role: 'writer',
      system: outlineSystem(run),
      prompt: outlinePrompt(run, findingsOverview(selection)),
      schema: outlineSchema,
      schemaName: 'report_outline',
      abortSignal: context.signal,
      maxOutputTokens: outputTokensFor(contextTokensFor(run.options, 'writer'), STEP_MAX_OUTPUT_TOKENS),
    });
    const sections = result.value.sections.flatMap((section) =>
      section?.heading.trim()
        ? [
            {
              heading: section.heading.replace(/^#+\s*/, '').trim(),
              findingIds: findingsFor(selection, section.subQuestions, section.findings),
              words: section.words,
            },
          ]
        : [],
    );
    if (sections.filter((section) => section.findingIds.length > 0).length === 0)
      return fallbackOutline(context, selection);
    return {
      title: result.value.title.replace(/^#+\s*/, '').trim() || run.question,
      sections: scaleWords(sections.slice(0, 12), run.options.reportWords),
    };
  } catch (error) {
    softFailure(context, error, 'The report outline (one section per sub-question instead)');
    return fallbackOutline(context, selection);
  }
}
