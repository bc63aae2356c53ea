import { z } from 'zod';
import type { RunRecords } from '../run/run-records.js';
import { inlineWebText, UNTRUSTED_NOTICE } from '../text/untrusted.js';
import { dateLine, joinSections, languageLine, notesSection, questionSection } from './context.js';
import { CITATION_RULES } from './write.js';

/** The report's outline: a title and sections, each with what it covers and its length. */
export const outlineSchema = z.object({
  title: z.string().min(1).describe('Title of the report.'),
  sections: z
    .array(
      z
        .object({
          heading: z.string().min(1).describe('Section heading, without "#".'),
          subQuestions: z.array(z.string()).describe('Ids of the sub-questions it covers, e.g. ["q1"].'),
          findings: z.array(z.string()).describe('Ids of the findings it draws on, e.g. ["F3", "F7"].'),
          words: z.number().int().describe('Words the section should have.'),
        })
        .nullable()
        .catch(null),
    )
    .describe('3 to 8 sections: a summary first, a conclusion last.'),
});

/** System prompt of the outline. */
export function outlineSystem(run: RunRecords): string {
  return [
    `You plan a research report of about ${run.options.reportWords} words from the findings gathered.`,
    'Give a title and 3 to 8 sections: a summary first, then sections that together cover every sub-question with findings, then a conclusion. For each section list the sub-questions and findings it covers and its length in words.',
    UNTRUSTED_NOTICE,
    languageLine(run),
  ]
    .filter(Boolean)
    .join('\n');
}

/** The question, feedback on earlier attempts and the findings (claims only). */
export function outlinePrompt(run: RunRecords, findings: string): string {
  return joinSections(dateLine(), questionSection(run), notesSection(run), findings);
}

/** System prompt of one section of the report. */
export function sectionSystem(run: RunRecords, words: number, stopped?: string): string {
  return [
    `You write one section of a research report: about ${words} words of markdown body (paragraphs, lists or a table; no heading, it is added for you).`,
    stopped ? `Research stopped early (${stopped}); write the best section the findings allow.` : '',
    CITATION_RULES,
    UNTRUSTED_NOTICE,
    languageLine(run),
  ]
    .filter(Boolean)
    .join('\n');
}

/** The question, the report's outline, this section's heading and its evidence. */
export function sectionPrompt(
  run: RunRecords,
  options: { title: string; headings: readonly string[]; heading: string; evidence: string },
): string {
  const outline = options.headings.map((heading) => `- ${inlineWebText(heading)}`).join('\n');
  return joinSections(
    dateLine(),
    questionSection(run),
    `<report title="${inlineWebText(options.title).replace(/"/g, "'")}">\n${outline}\n</report>`,
    `Write the section: ${inlineWebText(options.heading)}`,
    options.evidence,
  );
}
