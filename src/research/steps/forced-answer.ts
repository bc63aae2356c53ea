import { bestDraft, type Draft } from '../evaluation/drafts.js';
import { selectEvidence } from '../evidence/select-evidence.js';
import { findingLineTokens } from '../prompts/evidence-sections.js';
import type { StepContext } from '../run/step-context.js';
import { readPages } from '../sources/source-record.js';
import { recordDraft } from '../synthesis/synthesize.js';
import { verifyWithoutModel } from '../verification/verify-answer.js';

/** Tokens of findings listed in an answer assembled without a model. */
const ASSEMBLED_FINDINGS_TOKENS = 3_000;

/**
 * The answer when no model can write one: the best draft, or else the findings (each claim citing
 * itself, left unchecked for `unchecked`, default: no model could check it), or else the pages
 * read, as plain links. Undefined when nothing at all was learned. The line that says why no
 * answer was written is not a claim: only the findings are counted.
 */
export function assembleWithoutModel(
  context: Pick<StepContext, 'run' | 'emit'>,
  reason: string,
  unchecked = 'no model could check it',
): Pick<Draft, 'answer' | 'references' | 'claims' | 'words'> | undefined {
  const { run } = context;
  const draft = bestDraft(run.drafts);
  if (draft) return draft;
  const why = `No answer could be written (${reason.replace(/[.!?]+$/, '')})`;
  if (run.evidence.findings.all.length > 0) {
    const selection = selectEvidence({
      findings: run.evidence.findings.all,
      subQuestions: run.plan.subQuestions,
      budgetTokens: ASSEMBLED_FINDINGS_TOKENS,
      cost: findingLineTokens,
    });
    const lines = selection.groups.flatMap((group) =>
      group.chosen.map((entry) => `- ${entry.finding.claim.replace(/\s+/g, ' ')} [${entry.finding.id}]`),
    );
    const verified = verifyWithoutModel(context, lines.join('\n'), unchecked);
    const intro = `${why}. What the research found for "${run.question}":`;
    return recordDraft(context, { ...verified, answer: `${intro}\n\n${verified.answer}` });
  }
  const sources = readPages(run.sources).slice(0, run.options.maxReturnedUrls);
  if (sources.length === 0) return undefined;
  const links = sources.map((source) => `- [${source.title.replace(/[[\]]/g, '')}](${source.url})`);
  const answer = [`${why}. Pages read for "${run.question}":`, '', ...links].join('\n');
  return { answer, references: [], claims: { total: 0, supported: 0, unsupported: [] }, words: 0 };
}
