export { embeddingText } from './embed-chunks.js';
export { splitLines } from './prepare-file.js';
export { refreshFile, type UpdateIndexOptions, updateIndex } from './update-index.js';
