import type { Source } from '../../reader/types.js';
import { selectEvidence } from '../evidence/select-evidence.js';
import { findingLineTokens } from '../prompts/evidence.js';
import { bestDraft, type Draft, type RunState } from '../run-state.js';
import { recordDraft } from '../synthesis/synthesize.js';
import { verifyWithoutModel } from '../verification/verify-answer.js';
import type { StepContext } from './context.js';

/** Tokens of findings listed in an answer assembled without a model. */
const ASSEMBLED_FINDINGS_TOKENS = 3_000;

/** Distinct read sources in the order they were read. */
export function readSources(state: RunState): Source[] {
  return [...new Map([...state.sources.values()].map((source) => [source.url, source])).values()];
}

/**
 * The answer when no model can write one: the best draft, or else the findings (each claim citing
 * itself, left unchecked for `unchecked`, default: no model could check it), or else the pages
 * read, as plain links. Undefined when nothing at all was learned. The line that says why no
 * answer was written is not a claim: only the findings are counted.
 */
export function assembleWithoutModel(
  context: Pick<StepContext, 'state' | 'emit'>,
  reason: string,
  unchecked = 'no model could check it',
): Pick<Draft, 'answer' | 'references' | 'claims' | 'words'> | undefined {
  const { state } = context;
  const draft = bestDraft(state);
  if (draft) return draft;
  const why = `No answer could be written (${reason.replace(/[.!?]+$/, '')})`;
  if (state.findings.all.length > 0) {
    const selection = selectEvidence({
      findings: state.findings.all,
      subQuestions: state.subQuestions,
      budgetTokens: ASSEMBLED_FINDINGS_TOKENS,
      cost: findingLineTokens,
    });
    const lines = selection.groups.flatMap((group) =>
      group.chosen.map((entry) => `- ${entry.finding.claim.replace(/\s+/g, ' ')} [${entry.finding.id}]`),
    );
    const verified = verifyWithoutModel(context, lines.join('\n'), unchecked);
    const intro = `${why}. What the research found for "${state.question}":`;
    return recordDraft(context, { ...verified, answer: `${intro}\n\n${verified.answer}` });
  }
  const sources = readSources(state).slice(0, state.options.maxReturnedUrls);
  if (sources.length === 0) return undefined;
  const links = sources.map((source) => `- [${source.title.replace(/[[\]]/g, '')}](${source.url})`);
  const answer = [`${why}. Pages read for "${state.question}":`, '', ...links].join('\n');
  return { answer, references: [], claims: { total: 0, supported: 0, unsupported: [] }, words: 0 };
}
