export { BINARY_EXTENSIONS, classifyFile, extensionOf } from './file-kinds.js';
export { isInside, type WalkedFile, walkFiles } from './walk-files.js';
