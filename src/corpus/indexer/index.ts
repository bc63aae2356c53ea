export { splitLines } from './prepare-file.js';
export { refreshFile, updateIndex } from './update-index.js';
