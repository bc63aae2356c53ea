import {
  conflictsMarkdown,
  describeStop,
  describeSupport,
  followUpsMarkdown,
  hasUnverifiedSection,
  type ResearchResult,
  STATUS_WORDS,
  stopRestatesStatus,
} from '../contract/index.js';

/**
 * The parts of a report every format shows, in one order: the title, the answer, where the
 * sources differ, the references (drawn by each format), then the support rate, the sub-questions
 * left unsettled, the follow-up questions and how a run that did not complete ended. The terminal,
 * the markdown, HTML, PDF and DOCX exports all word them from here.
 */

/** What a report says in place of an empty answer. */
export const NO_ANSWER = '_No answer could be produced._';

/** A report's title: the question's first line. */
export const titleOf = (question: string) => question.split('\n')[0] ?? '';
/** A report (`--report`) starts with its own `# Title`: the export then adds no second one. */
export const hasOwnTitle = (answer: string) => /^\s*# \S/.test(answer);
/** A report's own reference list, the last section of its text (the engine appends it). */
export const OWN_REFERENCE_LIST = /\n#{1,3}[ \t]*references[ \t]*\n(?![\s\S]*\n#{1,3}[ \t])[\s\S]*$/i;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Where the sources differ, as markdown; empty when they agree. */
export const conflictsSection = (result: ResearchResult) => conflictsMarkdown(result);

/** The support rate and each unsupported claim with its reason, as markdown; empty when there is no claim. */
export function supportSection(result: Pick<ResearchResult, 'claims' | 'answer'>): string {
  const support = describeSupport(result.claims);
  if (!support) return '';
  // The answer lists its removed sentences itself, under "Could not be verified".
  if (hasUnverifiedSection(result.answer)) return `_${support}._`;
  const unsupported = result.claims.unsupported.map(
    (claim) => `- ${oneLine(claim.text)} — _${oneLine(claim.reason)}_`,
  );
  return [
    `_${support}._`,
    ...(unsupported.length > 0 ? ['', 'Not supported:', '', ...unsupported] : []),
  ].join('\n');
}

/**
 * The sub-questions the answer does not settle, as markdown; empty when all are covered, and when
 * the run took no research step (its model unreachable, cancelled at once): no source was asked,
 * so none can have left one open.
 */
export function unsettledSection(result: Pick<ResearchResult, 'subQuestions' | 'steps'>): string {
  if (result.steps === 0) return '';
  const unsettled = (result.subQuestions ?? []).filter((item) => item.outcome !== 'covered');
  if (unsettled.length === 0) return '';
  const lines = unsettled.map((item) => {
    const why =
      item.outcome === 'open'
        ? `open: ${item.note ?? 'no finding'}`
        : (item.note ?? 'cannot be answered from available sources');
    return `- ${oneLine(item.text)} — _${oneLine(why)}_`;
  });
  return `_Not settled by the sources:_\n\n${lines.join('\n')}`;
}

/**
 * How a run that did not complete ended, as a markdown line ("_Status: best effort. The step
 * limit was reached._"); the stop's sentence is left out where it only says the status again
 * ("_Status: cancelled._"). Empty for a completed run.
 */
export function statusSection(result: Pick<ResearchResult, 'status' | 'stopReason'>): string {
  if (result.status === 'completed') return '';
  const status = STATUS_WORDS[result.status];
  if (stopRestatesStatus(result.stopReason, result.status)) return `_Status: ${status}._`;
  return `_Status: ${status}. ${describeStop(result.stopReason)}_`;
}

/** The sections after the references, in order, the empty ones left out. */
export function closingSections(result: ResearchResult): string[] {
  return [
    supportSection(result),
    unsettledSection(result),
    followUpsMarkdown(result),
    statusSection(result),
  ].filter(Boolean);
}
