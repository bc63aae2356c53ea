import type { QueryIntent, SourceKind } from '../../contract/index.js';
import { hostMatches } from './hosts.js';

/** The kinds of site each intent wants. */
const WANTED_KINDS: Partial<Record<QueryIntent['intent'], readonly SourceKind[]>> = {
  academic: ['academic'],
  documentation: ['documentation'],
  official: ['official', 'documentation'],
  opinion: ['blog', 'forum', 'news'],
};

/** What the reranker knows of a candidate when it weighs the intent. */
export interface IntentCandidate {
  host: string;
  kind: SourceKind;
  /** The search result gave a date. */
  dated: boolean;
}

/**
 * Whether a candidate is what the question's intent wants, as a share of the intent's weight (1,
 * or ½ for a dated candidate of a question about recent events), and why; undefined when not.
 */
export function intentMatch(
  intent: QueryIntent | undefined,
  candidate: IntentCandidate,
): { share: number; reason: string } | undefined {
  if (!intent || intent.intent === 'none') return undefined;
  if (intent.intent === 'site')
    return intent.site && candidate.host && hostMatches(candidate.host, intent.site)
      ? { share: 1, reason: `on ${intent.site}, the site asked for` }
      : undefined;
  if (intent.intent === 'recent')
    return candidate.dated ? { share: 0.5, reason: 'dated, for a question about recent events' } : undefined;
  return WANTED_KINDS[intent.intent]?.includes(candidate.kind)
    ? { share: 1, reason: `${candidate.kind} source, which the question wants (${intent.intent})` }
    : undefined;
}
