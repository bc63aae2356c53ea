import {
  checkedClaims,
  conflictsMarkdown,
  describeStop,
  describeSupport,
  emptyClaims,
  followUpsMarkdown,
  hasUnverifiedSection,
  type Reference,
  type ResearchResult,
  referenceMarkdownLabel,
} from '../contract/index.js';

/**
 * A reference in the `--json` contract: url, title, quote, verified; a web page's credibility; a
 * file's path and lines; a computation's program, input finding ids and output.
 */
function referenceToJson(reference: Reference) {
  const { url, title, quote, verified, path, startLine, endLine, corpus, credibility, computation } =
    reference;
  return {
    url,
    title,
    quote,
    verified,
    ...(credibility ? { credibility } : {}),
    ...(path !== undefined ? { path, startLine, endLine, ...(corpus ? { corpus } : {}) } : {}),
    ...(computation ? { computation } : {}),
  };
}

/**
 * The `--json` contract: one object, stable field names. A failed run's `error` also carries
 * `cause`, the last warning before it failed (usually why: a model that cannot be reached).
 */
export function resultToJson(result: ResearchResult, cause?: { code: string; message: string }) {
  const claims = result.claims ?? emptyClaims();
  return {
    runId: result.runId,
    status: result.status,
    stopReason: result.stopReason,
    answer: result.answer,
    references: result.references.map(referenceToJson),
    claims: {
      total: claims.total,
      supported: claims.supported,
      unsupported: claims.unsupported.map(({ text, reason }) => ({ text, reason })),
      ...(claims.unchecked
        ? { unchecked: claims.unchecked.map(({ text, reason }) => ({ text, reason })) }
        : {}),
    },
    words: result.words ?? 0,
    usage: {
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      totalTokens: result.usage.totalTokens,
      costUsd: result.usage.costUsd,
    },
    llmCalls: result.llmCalls,
    steps: result.steps,
    durationMs: result.durationMs,
    ...(result.error ? { error: { ...result.error, ...(cause ? { cause } : {}) } } : {}),
    ...(result.input ? { input: result.input } : {}),
    ...(result.evaluation
      ? {
          evaluation: {
            scores: result.evaluation.scores,
            strengths: result.evaluation.strengths,
            weaknesses: result.evaluation.weaknesses,
            recommendations: result.evaluation.recommendations,
          },
        }
      : {}),
    ...(result.subQuestions ? { subQuestions: result.subQuestions } : {}),
    ...(result.memories ? { memories: result.memories } : {}),
    ...(result.followUps ? { followUps: result.followUps } : {}),
    ...(result.images ? { images: result.images } : {}),
    ...(result.conflicts
      ? {
          conflicts: result.conflicts.map(({ subQuestion, about, values }) => ({
            subQuestion,
            about,
            values: values.map(({ value, findingIds, urls }) => ({ value, findingIds, urls })),
          })),
        }
      : {}),
  };
}

/** The sub-questions the answer does not settle, as a markdown list; empty when all are covered. */
export function unsettledMarkdown(result: Pick<ResearchResult, 'subQuestions'>): string {
  const unsettled = (result.subQuestions ?? []).filter((item) => item.outcome !== 'covered');
  if (unsettled.length === 0) return '';
  const lines = unsettled.map(
    (item) =>
      `- ${item.text.replace(/\s+/g, ' ')} — _${item.outcome === 'open' ? `open: ${item.note ?? 'no finding'}` : (item.note ?? 'cannot be answered from available sources')}_`,
  );
  return `_Not settled by the sources:_\n\n${lines.join('\n')}`;
}

/**
 * The support rate and each unsupported claim with its reason, as markdown (claims nobody could
 * check are counted, with why, once; never listed as unsupported); empty when there is no claim.
 */
export function claimsMarkdown(result: Pick<ResearchResult, 'claims' | 'answer'>): string {
  const support = describeSupport(result.claims);
  if (!support) return '';
  // The answer lists its removed sentences itself, under "Could not be verified".
  if (hasUnverifiedSection(result.answer)) return `_${support}._`;
  const unsupported = result.claims.unsupported.map(
    (claim) => `- ${claim.text.replace(/\s+/g, ' ')} — _${claim.reason}_`,
  );
  return unsupported.length === 0
    ? `_${support}._`
    : `_${support}._ Not supported:\n\n${unsupported.join('\n')}`;
}

/** The answer as markdown with numbered references and their quotes, and the support rate. */
export function resultToMarkdown(result: ResearchResult): string {
  const parts = [result.answer.trim() || '_No answer could be produced._'];
  if (result.references.length > 0 && !/^#{1,3}\s*(references|sources|citations)\s*$/im.test(result.answer)) {
    // When no claim could be checked (a cancelled run), no reference was refuted either.
    const unverified =
      checkedClaims(result.claims) === 0 && result.claims?.unchecked
        ? ' _(not checked)_'
        : ' _(quote not verified to support the claim)_';
    const lines = result.references.map((reference, index) => {
      const mark = reference.verified ? '' : unverified;
      const quote = reference.quote.trim() ? `\n   > ${reference.quote.trim().replace(/\s+/g, ' ')}` : '';
      return `${index + 1}. ${referenceMarkdownLabel(reference)}${mark}${quote}`;
    });
    parts.push(`## References\n\n${lines.join('\n')}`);
  }
  const conflicts = conflictsMarkdown(result);
  if (conflicts) parts.push(conflicts);
  const claims = claimsMarkdown(result);
  if (claims) parts.push(claims);
  const unsettled = unsettledMarkdown(result);
  if (unsettled) parts.push(unsettled);
  const followUps = followUpsMarkdown(result);
  if (followUps) parts.push(followUps);
  if (result.status !== 'completed') {
    parts.push(`_Status: ${result.status} (${result.stopReason}): ${describeStop(result.stopReason)}_`);
  }
  return `${parts.join('\n\n')}\n`;
}
