/**
 * Why a sub-question is on the checklist, and how it is researched: `fact-check` needs findings
 * from two independent hosts when several were found; `synthesis` combines the other findings and
 * is covered once they are.
 */
export const SUB_QUESTION_INTENTS = ['explore', 'deep-dive', 'fact-check', 'related', 'synthesis'] as const;
export type SubQuestionIntent = (typeof SUB_QUESTION_INTENTS)[number];
