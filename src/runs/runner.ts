import type { ResearchResult } from '../contract/index.js';
import type { ResearchOptions, ResearchRuntime } from '../research/index.js';

/** What executes one run: `research` from the engine, or a fake in tests. */
export type Runner = (options: ResearchOptions, runtime: ResearchRuntime) => Promise<ResearchResult>;
