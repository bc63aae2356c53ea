export { closeSharedExtractionPool, sharedExtractionPool } from './pool.js';
