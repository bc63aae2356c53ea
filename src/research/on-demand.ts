import type { ResearchResult } from '../contract/index.js';
import type { ResearchOptions, ResearchRuntime } from './types.js';

/**
 * Researches a question and returns a cited answer. Always ends: within the token budget, step,
 * time, failure, answer-attempt and repeated-action caps, with a status, a stop reason and the
 * best answer it could make. Throws only `ConfigError`, before any work, for invalid options.
 *
 * The engine (the loop, its steps, prompts and checks: some 300 modules past what the setup check and
 * the tools need) loads at the first run, not with this module: `serve` and `mcp` start without it.
 */
export async function research(
  options: ResearchOptions,
  runtime: ResearchRuntime = {},
): Promise<ResearchResult> {
  const engine = await import('./run-research.js');
  return engine.research(options, runtime);
}
