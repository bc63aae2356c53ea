import type { ResearchEventPayload } from '../../contract/index.js';
import type { Source } from '../../reader/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { checkClaimAgainstQuotes } from '../support/index.js';
import { contentWords } from '../text/words.js';
import { type MemoryRecord, originLabel, type PriorFinding } from './memory-record.js';

/** Passages of a page a prior claim is checked against: those sharing the most words with it. */
const CHECKED_PASSAGES = 12;

/** The page's passages most about the claim, as quotes for the support check. */
function passagesAbout(claim: string, source: Source): string[] {
  const wanted = contentWords(claim);
  const texts = source.passages.length > 0 ? source.passages.map((passage) => passage.text) : [source.text];
  return texts
    .map((text) => ({ text, shared: [...contentWords(text)].filter((word) => wanted.has(word)).length }))
    .filter((passage) => passage.shared > 0)
    .sort((a, b) => b.shared - a.shared)
    .slice(0, CHECKED_PASSAGES)
    .map((passage) => passage.text);
}

/** Who claimed it: "earlier answer 2" or "run 1a2b3c4d…", several joined. */
function claimedBy(findings: readonly PriorFinding[]): string {
  return [...new Set(findings.map((finding) => originLabel(finding.origin)))].join(', ');
}

/**
 * After a read: each prior claim (an earlier answer's, a remembered run's) whose source was among
 * `urls` is checked against what the page says now, by the engine's support check (figures,
 * dates, names, reversals, relations and roles; an earlier answer's sentences before the claim as
 * its context, as the answer's own check has them). A claim the page no longer holds, or whose page could not be read,
 * is dropped from the run's prior knowledge with a `prior_source_dropped` warning; one it still
 * holds is noted in the trace. The run's own findings of the page are its evidence either way.
 */
export function recheckPriorSources(
  context: {
    run: { question: string; memory: MemoryRecord };
    emit: (payload: ResearchEventPayload) => unknown;
  },
  options: { urls: readonly string[]; read: readonly Source[] },
): void {
  const { memory } = context.run;
  for (const url of options.urls) {
    const key = canonicalUrl(url);
    const priors = memory.findings.filter((finding) => canonicalUrl(finding.url) === key);
    if (priors.length === 0) continue;
    const source = options.read.find((page) => canonicalUrl(page.url) === key);
    const failed = priors.filter(
      (prior) =>
        !source ||
        !checkClaimAgainstQuotes(prior.claim, passagesAbout(prior.claim, source), {
          question: context.run.question,
          context: prior.context,
        }).ok,
    );
    memory.findings = memory.findings.filter((finding) => !failed.includes(finding));
    if (!source) {
      context.emit({
        type: 'warning',
        code: 'prior_source_dropped',
        message: `${url}, cited by ${claimedBy(priors)}, could not be read again; what it was said to say is not used.`,
      });
      continue;
    }
    if (failed.length > 0) {
      const claims = failed.map((finding) => `"${finding.claim.slice(0, 160)}"`).join('; ');
      context.emit({
        type: 'warning',
        code: 'prior_source_dropped',
        message: `${url} was read again and does not say what ${claimedBy(failed)} claimed (${claims}); that claim is not used.`,
      });
    }
    const held = priors.filter((prior) => !failed.includes(prior));
    if (held.length > 0) {
      context.emit({
        type: 'observation',
        text: `${url} still says what ${claimedBy(held)} claimed; its findings come from this read.`,
      });
    }
  }
}
