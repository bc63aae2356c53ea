export { closeSharedExtractionPool, sharedExtractionPool, sizeSharedExtractionPool } from './pool.js';
