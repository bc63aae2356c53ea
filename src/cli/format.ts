import { emptyClaims, type Reference, type ResearchResult } from '../contract/index.js';

/**
 * A reference in the `--json` contract: url, title, quote, verified; a web page's credibility and
 * snapshot (body hash, fetch time, archived); a file's path, lines and hash as indexed; a
 * computation's program, input finding ids and output.
 */
function referenceToJson(reference: Reference) {
  const {
    url,
    title,
    quote,
    verified,
    path,
    startLine,
    endLine,
    corpus,
    credibility,
    computation,
    snapshot,
    contentHash,
  } = reference;
  return {
    url,
    title,
    quote,
    verified,
    // Absent fields have no key here (the tests hold it), not an undefined one that only JSON drops.
    ...(credibility ? { credibility } : {}),
    ...(path !== undefined
      ? { path, startLine, endLine, ...(corpus ? { corpus } : {}), ...(contentHash ? { contentHash } : {}) }
      : {}),
    ...(computation ? { computation } : {}),
    ...(snapshot ? { snapshot } : {}),
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
    ...(result.archive ? { archive: result.archive } : {}),
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
