export {
  closeSharedExtractionPool,
  createExtractionPool,
  type ExtractionPool,
  type ExtractionPoolOptions,
  sharedExtractionPool,
} from './pool.js';
