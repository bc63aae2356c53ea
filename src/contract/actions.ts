/**
 * How a run chooses its actions: `agent` asks the planner each step (the engine's default policy
 * replaces a malformed, repeated or refused reply); `pipeline` never asks it (plan, every
 * sub-question by the default policy, critique, write); `auto` starts as `agent` and switches to
 * `pipeline` after the planner failed twice.
 */
export const RESEARCH_STRATEGIES = ['auto', 'agent', 'pipeline'] as const;
export type ResearchStrategy = (typeof RESEARCH_STRATEGIES)[number];

/**
 * The loop's actions, as chosen by the planner model. `ready`: enough is known, the writer may
 * answer. `answer` appears only in runs stored by earlier versions. `compute`: run a small program
 * over findings' figures in the sandbox (see `FindingComputation`).
 */
export const ACTION_KINDS = [
  'search',
  'read',
  'deep-read',
  'search_corpus',
  'read_file',
  'resolve_symbol',
  'read_map',
  'reflect',
  'ready',
  'answer',
  'compute',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
