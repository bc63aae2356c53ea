export { sharedExtractionPool, sizeSharedExtractionPool } from './pool.js';
