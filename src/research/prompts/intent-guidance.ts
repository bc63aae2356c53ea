import type { SourceIntent } from '../../contract/index.js';

/** What each intent means, for the schema's description. */
export const INTENT_HELP =
  'explore: survey the topic; deep-dive: read one thing closely; fact-check: verify a claim in two independent sources; related: adjacent context; synthesis: combine the other findings (needs no reading of its own).';

/** How the planner should research each intent, one line for its system prompt. */
export const INTENT_GUIDANCE =
  'Intents steer the work: explore broadens queries (several angles, synonyms); deep-dive prefers deep-read or reading whole documents; fact-check needs the claim confirmed on two independent hosts; synthesis needs no reading, it is covered once the others are.';

/**
 * The source intents the planner may give (`site` needs a domain name, which the engine reads from
 * the question itself). Kept short: the plan's schema is part of the first call of every run.
 */
export const PLANNED_SOURCE_INTENTS = [
  'recent',
  'official',
  'documentation',
  'academic',
  'opinion',
  'none',
] as const satisfies readonly SourceIntent[];

/** The plan schema's description of `sourceIntent`. */
export const SOURCE_INTENT_HELP = 'Sources the question wants.';
