import type { ResearchResult } from '../contract/index.js';
import type { ResearchOptions, ResearchRuntime } from './types.js';

// research's second door, beside index.ts: what a server (`serve`, `mcp`) uses before its first run
// — the setup check, the tools, the answer check of a waiting run, the corpora opened on demand, and
// the small text functions `verify` and `eval` share —
// without the engine, the capabilities of a run (model layer, compute), the claim checks or the
// corpus module, which index.ts also exports and so loads. Each export here is small or loads what
// it needs when called; `.dependency-cruiser.cjs` lets other modules import this file.

export { quoteOccursIn } from './evidence/citations.js';
export { checkInputAnswer } from './input/check-answer.js';
export { checkResearchSetup } from './setup/check-setup.js';
export { openResearchCorpora } from './setup/corpora-on-demand.js';
export { buildReader, buildSearchProviders, buildTools, type ToolConfig } from './setup/tools.js';
export { untrustedBlock } from './text/untrusted.js';

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
