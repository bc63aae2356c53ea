export {
  createResearchThreads,
  ResearchThreadError,
  type ResearchThreads,
  type ResearchThreadsOptions,
} from './research-threads.js';
