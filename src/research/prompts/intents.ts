/** What each intent means, for the schema's description. */
export const INTENT_HELP =
  'explore: survey the topic; deep-dive: read one thing closely; fact-check: verify a claim in two independent sources; related: adjacent context; synthesis: combine the other findings (needs no reading of its own).';

/** How the planner should research each intent, one line for its system prompt. */
export const INTENT_GUIDANCE =
  'Intents steer the work: explore broadens queries (several angles, synonyms); deep-dive prefers deep-read or reading whole documents; fact-check needs the claim confirmed on two independent hosts; synthesis needs no reading, it is covered once the others are.';

/** What each source intent means, for the plan schema's description. */
export const SOURCE_INTENT_HELP =
  'Sources the question wants: recent, official (government, maker), documentation, academic (papers), opinion (reviews, views), site (name it in site), or none.';
