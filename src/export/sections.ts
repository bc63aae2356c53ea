import {
  conflictsMarkdown,
  describeStop,
  describeSupport,
  followUpsMarkdown,
  hasUnverifiedSection,
  type Reference,
  type ResearchResult,
  referenceMark,
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
const NO_ANSWER = '_No answer could be produced._';

/** A report's title: the question's first line. */
const titleOf = (question: string) => question.split('\n')[0] ?? '';
/** A report (`--report`) starts with its own `# Title`: the export then adds no second one. */
const hasOwnTitle = (answer: string) => /^\s*# \S/.test(answer);
/** A report's own reference list, the last section of its text (the engine appends it). */
const OWN_REFERENCE_LIST = /\n#{1,3}[ \t]*references[ \t]*\n(?![\s\S]*\n#{1,3}[ \t])[\s\S]*$/i;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Where the sources differ, as markdown; empty when they agree. */
const conflictsSection = (result: ResearchResult) => conflictsMarkdown(result);

/** The support rate and each unsupported claim with its reason, as markdown; empty when there is no claim. */
function supportSection(result: Pick<ResearchResult, 'claims' | 'answer'>): string {
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
function unsettledSection(result: Pick<ResearchResult, 'subQuestions' | 'steps'>): string {
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
function statusSection(result: Pick<ResearchResult, 'status' | 'stopReason'>): string {
  if (result.status === 'completed') return '';
  const status = STATUS_WORDS[result.status];
  if (stopRestatesStatus(result.stopReason, result.status)) return `_Status: ${status}._`;
  return `_Status: ${status}. ${describeStop(result.stopReason)}_`;
}

/** The sections after the references, in order, the empty ones left out. */
function closingSections(result: ResearchResult): string[] {
  return [
    supportSection(result),
    unsettledSection(result),
    followUpsMarkdown(result),
    statusSection(result),
  ].filter(Boolean);
}

/** A reference as a format lists it: where it stands (from 1) and its mark when its quote is not verified. */
export interface ListedReference {
  reference: Reference;
  number: number;
  note: string;
}

/** The parts of one report, in the order every format draws them. */
export interface ReportParts {
  /** The report's title: the question's first line. */
  title: string;
  /** The answer starts with its own `# Title` (a report): the format adds no heading. */
  ownTitle: boolean;
  /** The answer's markdown, or `NO_ANSWER`. */
  answer: string;
  /** Where the sources differ, as markdown; empty when they agree. */
  conflicts: string;
  /** The references to list after the answer; none when the answer keeps its own list. */
  references: ListedReference[];
  /** Support, unsettled sub-questions, follow-ups and status, the empty ones left out. */
  closing: string[];
}

/**
 * What a report shows, ready for a format to draw. A report's own reference list (the engine's
 * text) is kept where the format cannot link to its items (`'keep'`, markdown), or replaced by the
 * format's list, whose items are the targets of the citation links (`'replace'`).
 */
export function reportParts(
  question: string,
  result: ResearchResult,
  ownReferences: 'keep' | 'replace',
): ReportParts {
  const keep = ownReferences === 'keep' && OWN_REFERENCE_LIST.test(result.answer);
  const text = ownReferences === 'keep' ? result.answer : result.answer.replace(OWN_REFERENCE_LIST, '');
  const answer = text.trim() || NO_ANSWER;
  const references = keep
    ? []
    : result.references.map((reference, index) => ({
        reference,
        number: index + 1,
        note: referenceMark(reference, result.claims),
      }));
  return {
    title: titleOf(question),
    ownTitle: hasOwnTitle(answer),
    answer,
    conflicts: conflictsSection(result),
    references,
    closing: closingSections(result),
  };
}
