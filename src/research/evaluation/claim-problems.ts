import type { ClaimsSummary, ClaimVerdict, Reference } from '../../contract/index.js';
import { type CoverageInput, coverageGap, isUnanswerable } from '../evidence/coverage.js';
import { inlineWebText } from '../text/untrusted.js';

/** What the claim checks look at in a draft: its verdicts, references and summary. */
export interface CheckedDraft {
  claims: ClaimsSummary;
  verdicts: readonly ClaimVerdict[];
  references: readonly Reference[];
}

/** Unsupported sentences named in a problem or a gap list. */
const MAX_LISTED = 5;
/** Characters of a sentence, and of a reason, shown to a model. */
const SENTENCE_CHARS = 300;

/** Sub-questions with supported sentences: those whose findings a supported sentence cites. */
function supportedSubQuestions(run: CoverageInput, draft: CheckedDraft): Map<string, number> {
  const counts = new Map<string, number>();
  for (const verdict of draft.verdicts) {
    if (verdict.verdict !== 'supported') continue;
    const ids = new Set(
      verdict.references.flatMap((number) => {
        const id = draft.references[number - 1]?.findingId;
        const finding = id ? run.evidence.findings.get(id) : undefined;
        return finding ? [finding.subQuestionId] : [];
      }),
    );
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Sub-questions the findings cover (synthesis ones combine others and cite nothing of their own). */
function coveredSubQuestions(run: CoverageInput) {
  return run.plan.subQuestions.filter(
    (item) =>
      item.intent !== 'synthesis' &&
      !isUnanswerable(item) &&
      coverageGap(run, item) === undefined &&
      run.evidence.findings.forSubQuestion(item.id).length > 0,
  );
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Why a draft's claims cannot make the run `completed`, none when they can: fewer than
 * `minSupport` of its factual sentences were supported before the unsupported ones were removed,
 * or a sub-question the findings cover has no supported sentence.
 */
export function claimCheckProblems(run: CoverageInput, draft: CheckedDraft, minSupport: number): string[] {
  const problems: string[] = [];
  const { claims } = draft;
  if (claims.total > 0 && claims.supported / claims.total < minSupport) {
    problems.push(
      `only ${claims.supported} of ${claims.total} factual sentences are supported by their quotes (${percent(claims.supported / claims.total)}; at least ${percent(minSupport)} needed).`,
    );
  }
  const supported = supportedSubQuestions(run, draft);
  const bare = coveredSubQuestions(run).filter((item) => !supported.has(item.id));
  if (bare.length > 0) {
    const list = bare.map((item) => `${item.id} "${inlineWebText(item.text, SENTENCE_CHARS)}"`).join(', ');
    problems.push(
      `no supported sentence answers ${list}, though findings cover ${bare.length === 1 ? 'it' : 'them'}.`,
    );
  }
  return problems;
}

/** The unsupported sentences as gaps for the planner: find a source that states each, or leave it out. */
export function unsupportedGaps(claims: ClaimsSummary): string {
  const listed = claims.unsupported
    .slice(0, MAX_LISTED)
    .map(
      (claim) =>
        `"${inlineWebText(claim.text, SENTENCE_CHARS)}" (${inlineWebText(claim.reason, SENTENCE_CHARS)})`,
    );
  if (listed.length === 0) return '';
  const more =
    claims.unsupported.length > MAX_LISTED ? ` and ${claims.unsupported.length - MAX_LISTED} more` : '';
  return `Find sources that state these, or they stay out of the answer: ${listed.join('; ')}${more}.`;
}

/**
 * The claim checks as the evaluator is shown them: each sentence's verdict and reason, the share
 * supported, and each sub-question's supported sentences.
 */
export function claimCheckSummary(run: CoverageInput, draft: CheckedDraft, minSupport: number): string {
  const sentences = draft.verdicts.map(
    (verdict, index) =>
      `${index + 1}. [${verdict.verdict}] "${inlineWebText(verdict.text, SENTENCE_CHARS)}" — ${inlineWebText(verdict.reason, SENTENCE_CHARS)}`,
  );
  const { claims } = draft;
  const share =
    claims.total === 0
      ? 'No factual sentence was checked.'
      : `${claims.supported} of ${claims.total} factual sentences supported (${percent(claims.supported / claims.total)}; ${percent(minSupport)} needed). Unsupported sentences were removed from the answer.`;
  const supported = supportedSubQuestions(run, draft);
  const coverage = run.plan.subQuestions.map((item) => {
    const count = supported.get(item.id) ?? 0;
    const state = isUnanswerable(item)
      ? 'declared unanswerable'
      : coverageGap(run, item) === undefined
        ? 'covered by findings'
        : 'not covered';
    return `${item.id} "${inlineWebText(item.text, SENTENCE_CHARS)}": ${state}, ${count} supported sentence${count === 1 ? '' : 's'}`;
  });
  return [
    '<claim-check>',
    ...(sentences.length > 0 ? sentences : ['(no sentence was checked)']),
    share,
    ...coverage,
    '</claim-check>',
  ].join('\n');
}
