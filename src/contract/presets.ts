/** Budgets of one depth preset: the UI's Quick / Standard / Deep and the OpenAI `reasoning_effort`. */
export interface DepthBudget {
  tokenBudget: number;
  maxSteps: number;
  maxAnswerAttempts: number;
}

/** Depth presets by id. `standard` equals the research defaults. */
export const DEPTH_PRESETS = {
  quick: { tokenBudget: 50_000, maxSteps: 8, maxAnswerAttempts: 2 },
  standard: { tokenBudget: 200_000, maxSteps: 20, maxAnswerAttempts: 3 },
  deep: { tokenBudget: 1_000_000, maxSteps: 50, maxAnswerAttempts: 5 },
} as const satisfies Record<string, DepthBudget>;

export type DepthPreset = keyof typeof DEPTH_PRESETS;

/** OpenAI's `reasoning_effort` values and the preset each stands for. */
export const REASONING_EFFORT_PRESETS = {
  minimal: 'quick',
  low: 'quick',
  medium: 'standard',
  high: 'deep',
} as const satisfies Record<string, DepthPreset>;
