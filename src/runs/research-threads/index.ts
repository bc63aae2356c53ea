export type { ResearchThreadData } from './messages.js';
export {
  createResearchThreads,
  ResearchThreadError,
  type ResearchThreads,
  type ResearchThreadsOptions,
} from './research-threads.js';
