import { z } from 'zod';
import type { Reference } from '../../../contract/index.js';

/** Most `url_citation` annotations a request may ask to be capped at. */
const MAX_ANNOTATIONS_LIMIT = 100;

const annotationCount = `a whole number from 1 to ${MAX_ANNOTATIONS_LIMIT}`;
const relevance = 'a number from 0 to 1';

/**
 * The `/v1` fields (chat completions and responses) that choose which citations come back as
 * `url_citation` annotations; the answer's `[n]` markers are left as they are.
 */
export const citationFieldsShape = {
  /** At most this many annotations: the most relevant, in the answer's order. */
  max_annotations: z
    .number({ error: annotationCount })
    .int({ error: annotationCount })
    .min(1, { error: annotationCount })
    .max(MAX_ANNOTATIONS_LIMIT, { error: annotationCount })
    .nullable()
    .optional(),
  /** Leave out citations whose relevance (`Reference.relevance`, 0–1) is below this. */
  min_annotation_relevance: z
    .number({ error: relevance })
    .min(0, { error: relevance })
    .max(1, { error: relevance })
    .nullable()
    .optional(),
};

/** Which citations a request wants back. */
export interface CitationLimits {
  maxAnnotations?: number | undefined;
  minRelevance?: number | undefined;
}

/** The limits a parsed request set (`null` counts as absent). */
export function citationLimitsOf(request: {
  max_annotations?: number | null | undefined;
  min_annotation_relevance?: number | null | undefined;
}): CitationLimits {
  return {
    maxAnnotations: request.max_annotations ?? undefined,
    minRelevance: request.min_annotation_relevance ?? undefined,
  };
}

/**
 * The numbers (1-based, as the answer's `[n]` markers) of the references to annotate: those at or
 * above the relevance threshold, then the most relevant `maxAnnotations`, in the answer's order. A
 * reference stored without a relevance (earlier versions) is not judged by the threshold and ranks
 * last.
 */
export function annotatedNumbers(references: readonly Reference[], limits: CitationLimits = {}): number[] {
  const { minRelevance, maxAnnotations } = limits;
  const kept = references
    .map((reference, index) => ({ number: index + 1, relevance: reference.relevance }))
    .filter(
      (entry) =>
        minRelevance === undefined || entry.relevance === undefined || entry.relevance >= minRelevance,
    );
  const ranked =
    maxAnnotations === undefined
      ? kept
      : [...kept]
          .sort((left, right) => (right.relevance ?? -1) - (left.relevance ?? -1))
          .slice(0, maxAnnotations);
  return ranked.map((entry) => entry.number).sort((left, right) => left - right);
}
