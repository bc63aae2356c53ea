export { BINARY_EXTENSIONS, classifyFile, extensionOf } from './file-kinds.js';
export { isInside } from './is-inside.js';
export { readInside } from './read-inside.js';
export { isSecretFile } from './secret-files.js';
export { type WalkedFile, walkFiles } from './walk-files.js';
