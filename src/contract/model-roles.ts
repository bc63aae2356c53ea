/**
 * The model roles; each may use its own model (and its own temperature). The evaluator also judges
 * each claim against its quotes.
 */
export const MODEL_ROLES = ['planner', 'extractor', 'evaluator', 'writer'] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];
