import type { Perspective, Reference, SubQuestion, SubQuestionOutcome } from '../../contract/index.js';
import { originOf } from '../sources/hosts.js';
import { type SourceRecord, wasSearchedFor } from '../sources/source-record.js';
import type { FindingStore } from './findings.js';

/** What coverage looks at: the checklist and the findings (a run's records, or a part of them). */
export interface CoverageInput {
  plan: { readonly subQuestions: readonly SubQuestion[]; readonly perspectives: readonly Perspective[] };
  evidence: { readonly findings: FindingStore };
}

/** What the outcomes of the sub-questions also look at: what the run searched for. */
export interface OutcomeInput extends CoverageInput {
  sources: Pick<SourceRecord, 'searchedFor' | 'corpus'>;
}

/** What a sub-question without any finding lacks. */
const NO_FINDING = 'no finding';

/** The note of an open sub-question that nothing was searched for (the run ended first). */
export const NOT_SEARCHED_NOTE = 'not searched yet';

/** What a sub-question's note starts with when it was declared unanswerable. */
export const UNANSWERABLE_NOTE = 'cannot be answered from available sources';

/** Whether a sub-question was closed as unanswerable (with its reason). */
export function isUnanswerable(item: SubQuestion): boolean {
  return item.status === 'closed' && (item.note ?? '').startsWith(UNANSWERABLE_NOTE);
}

/** Hosts (or corpora) of the findings for one sub-question. */
export function findingHosts(run: CoverageInput, item: SubQuestion): Set<string> {
  return new Set(
    run.evidence.findings.forSubQuestion(item.id).flatMap((finding) => originOf(finding.source.url) ?? []),
  );
}

/**
 * What a sub-question still lacks, by its intent, or undefined when it is covered: a finding
 * (a `fact-check` needs findings from two hosts when the run found more than one), or, for
 * `synthesis`, the other sub-questions covered. One declared unanswerable is covered.
 */
export function coverageGap(run: CoverageInput, item: SubQuestion): string | undefined {
  if (isUnanswerable(item)) return undefined;
  if (item.intent === 'synthesis') {
    const others = run.plan.subQuestions.filter((other) => other.intent !== 'synthesis');
    return others.some((other) => coverageGap(run, other) !== undefined)
      ? 'it combines the other sub-questions, which are not all covered'
      : undefined;
  }
  const hosts = findingHosts(run, item);
  if (hosts.size === 0) return NO_FINDING;
  if (item.intent === 'fact-check' && hosts.size < 2 && hostsWithFindings(run).size > 1)
    return `a fact-check confirmed on one host only (${[...hosts].join('')})`;
  return undefined;
}

/** Where each sub-question stands: covered, closed as unanswerable (with why), or open (with what is missing). */
export function subQuestionOutcomes(run: OutcomeInput): SubQuestionOutcome[] {
  return run.plan.subQuestions.map((item) => {
    const gap = coverageGap(run, item);
    const outcome = isUnanswerable(item) ? 'unanswerable' : gap === undefined ? 'covered' : 'open';
    // "No finding" would say the sources were asked; for one nothing was searched for, they were not.
    const open = gap === NO_FINDING && !wasSearchedFor(run.sources, item.id) ? NOT_SEARCHED_NOTE : gap;
    const note = outcome === 'unanswerable' ? item.note : outcome === 'open' ? open : undefined;
    return {
      id: item.id,
      text: item.text,
      intent: item.intent,
      ...(item.perspective ? { perspective: item.perspective } : {}),
      origin: item.origin,
      outcome,
      ...(note ? { note } : {}),
    };
  });
}

/** Sub-questions not covered yet (see `coverageGap`). */
export function uncoveredSubQuestions(run: CoverageInput): SubQuestion[] {
  return run.plan.subQuestions.filter((item) => coverageGap(run, item) !== undefined);
}

/** A perspective not covered yet, with its sub-questions still lacking something. */
export interface PerspectiveGap {
  perspective: Perspective;
  uncovered: SubQuestion[];
}

/**
 * Perspectives with no finding yet: none of their sub-questions has one, and not all of them are
 * settled otherwise (declared unanswerable, or a synthesis of covered ones). A perspective whose
 * sub-questions were all declared unanswerable is covered.
 */
export function uncoveredPerspectives(run: CoverageInput): PerspectiveGap[] {
  return run.plan.perspectives.flatMap((perspective) => {
    const members = run.plan.subQuestions.filter((item) => item.perspective === perspective.id);
    if (members.length === 0) return [];
    if (members.some((item) => run.evidence.findings.forSubQuestion(item.id).length > 0)) return [];
    const uncovered = members.filter((item) => coverageGap(run, item) !== undefined);
    return uncovered.length === 0 ? [] : [{ perspective, uncovered }];
  });
}

/** Hosts the findings came from: the hosts an answer could have cited. */
export function hostsWithFindings(run: CoverageInput): Set<string> {
  return new Set(run.evidence.findings.all.flatMap((finding) => originOf(finding.source.url) ?? []));
}

/** Hosts an answer's references point at. */
export function citedHosts(references: readonly Reference[]): Set<string> {
  return new Set(references.flatMap((reference) => originOf(reference.url) ?? []));
}

/**
 * The finish guard: an answer may be accepted only when every sub-question (those the critique
 * added included) is covered by a finding or declared unanswerable, so every perspective has a
 * finding or was settled as unanswerable, and, when findings came from more than one host, it
 * cites more than one. Returns the reasons it fails, none when it passes.
 */
export function finishGuardProblems(run: CoverageInput, references: readonly Reference[]): string[] {
  const problems: string[] = [];
  const uncovered = uncoveredSubQuestions(run);
  if (uncovered.length > 0) {
    const list = uncovered.map((item) => `${item.id} "${item.text}" (${coverageGap(run, item)})`).join(', ');
    problems.push(
      `not covered: ${list}; research ${uncovered.length === 1 ? 'it' : 'them'}, or reflect and close ${uncovered.length === 1 ? 'it' : 'each'} as unanswerable with the reason.`,
    );
  }
  const bare = uncoveredPerspectives(run);
  // With one perspective, it lacks a finding only when every sub-question does: said above already.
  if (bare.length > 0 && run.plan.perspectives.length > 1) {
    const list = bare
      .map((gap) => `"${gap.perspective.name}" (${gap.uncovered.map((item) => item.id).join(', ')})`)
      .join(', ');
    problems.push(`no finding yet for the perspective${bare.length === 1 ? '' : 's'} ${list}.`);
  }
  const available = hostsWithFindings(run);
  const cited = citedHosts(references);
  if (available.size > 1 && cited.size < 2) {
    problems.push(
      `the answer cites ${cited.size === 0 ? 'no source' : `only ${[...cited].join('')}`} although findings come from ${available.size} hosts; cite independent sources.`,
    );
  }
  return problems;
}

/**
 * How much evidence the run has: findings plus sub-questions declared unanswerable. After a
 * rejected answer, `ready` waits until this grows: new evidence, or a gap settled as unanswerable.
 */
export function evidenceMark(run: CoverageInput): number {
  return run.evidence.findings.all.length + run.plan.subQuestions.filter(isUnanswerable).length;
}
