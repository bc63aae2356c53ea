import { type Reference, withUnverifiedSection } from '../../contract/index.js';
import { contextTokensFor } from '../../llm/index.js';
import { WRITER_MAX_OUTPUT_TOKENS } from '../constants.js';
import { addDraft, type Draft } from '../evaluation/drafts.js';
import { evidenceMark } from '../evidence/coverage.js';
import { outputTokensFor } from '../evidence/evidence-budget.js';
import { withCredibility } from '../evidence/source-credibility.js';
import type { StepContext } from '../run/step-context.js';
import { countWords } from '../verification/markers.js';
import type { VerifiedAnswer } from '../verification/render-answer.js';
import { verifyAnswer } from '../verification/verify-answer.js';
import { withEngineNotes } from './answer-notes.js';
import { questionNeedsSources, unsourcedStatements } from './direct-answer.js';
import { writeAnswer, writeDirectAnswer } from './write-answer.js';
import { writeReport } from './write-report.js';
import { gatherEvidence } from './writer-evidence.js';

/** Tokens of a revision prompt besides its evidence: instructions and the sentences. */
const REVISION_FIXED_TOKENS = 1_500;

/**
 * A report's numbered reference list, appended after its text: the sources its text cites (the
 * references are made from its markers), each with the quote it cites and a mark when that quote
 * was not verified to support the claim.
 */
function withReferenceList(answer: string, references: readonly Reference[]): string {
  if (references.length === 0) return answer;
  const list = references.map((reference, index) => {
    const title = reference.title.replace(/\s+/g, ' ').trim() || reference.url;
    const mark = reference.verified ? '' : ' _(quote not verified to support the claim)_';
    const quote = reference.quote.replace(/\s+/g, ' ').trim();
    return `${index + 1}. [${title}](${reference.url})${mark}${quote ? `\n   > ${quote}` : ''}`;
  });
  return `${answer}\n\n## References\n\n${list.join('\n')}\n`;
}

/**
 * Records a verified answer as the run's next draft and announces it with its verdicts. What the
 * engine must say follows its text (`withEngineNotes`: conflicts, sources outside the window
 * asked about); then the sentences verification left out, under "Could not be verified" (a
 * report's reference list follows).
 */
export function recordDraft(context: Pick<StepContext, 'run' | 'emit'>, verified: VerifiedAnswer): Draft {
  const { run } = context;
  // Each cited page carries its credibility: the UI, `--json` and the final source score read it.
  const references = withCredibility(run, verified.references);
  const body = withUnverifiedSection(withEngineNotes(run, verified.answer, references), verified.summary);
  const draft: Draft = {
    attempt: run.drafts.all.length + 1,
    answer: run.options.report ? withReferenceList(body, references) : body,
    references,
    claims: verified.summary,
    verdicts: verified.claims,
    words: countWords(verified.answer),
    checksPassed: 0,
  };
  addDraft(run.drafts, draft, evidenceMark(run));
  context.emit({
    type: 'answer-draft',
    attempt: draft.attempt,
    answer: draft.answer,
    references: draft.references,
  });
  if (verified.claims.length > 0) {
    context.emit({
      type: 'verification',
      attempt: draft.attempt,
      claims: verified.claims,
      summary: verified.summary,
    });
  }
  return draft;
}

/**
 * Writes the answer (or, with `report`, the report) from the findings and checks its claims: the
 * one path for accepted and forced answers. `stopped` says why research stopped, for forced ones.
 */
export async function synthesize(context: StepContext, stopped?: string): Promise<Draft> {
  const { run } = context;
  const written = run.options.report
    ? await writeReport(context, stopped)
    : await writeAnswer(context, stopped);
  const outputTokens = outputTokensFor(contextTokensFor(run.options, 'writer'), WRITER_MAX_OUTPUT_TOKENS);
  const verified = await verifyAnswer(context, {
    text: written.text,
    evidence: async () =>
      (
        await gatherEvidence(context, {
          role: 'writer',
          fixedTokens: REVISION_FIXED_TOKENS,
          outputTokens,
          notes: false,
        })
      ).text,
  });
  return recordDraft(context, verified);
}

/**
 * Answers a question the planner marked trivial without research, when the engine agrees no source
 * is needed: the question asks nothing that changes or is dated (`questionNeedsSources`), and the
 * answer states no figure, date or name the question does not hold (arithmetic on its numbers
 * aside). Otherwise nothing is recorded and the reason is returned: the question is researched.
 */
export async function synthesizeDirect(
  context: StepContext,
): Promise<{ draft: Draft } | { refused: string }> {
  const { run } = context;
  const needs = questionNeedsSources(run.question);
  if (needs) return { refused: needs };
  const written = await writeDirectAnswer(context);
  const stated = unsourcedStatements(run.question, written.text);
  if (stated) return { refused: `the direct answer states what needs a source: ${stated}` };
  const draft = recordDraft(context, {
    answer: written.text,
    references: [],
    claims: [],
    summary: { total: 0, supported: 0, unsupported: [] },
  });
  return { draft };
}
