export { BINARY_EXTENSIONS, classifyFile, extensionOf } from './file-kinds.js';
export { isSecretFile, SECRET_FILE_PATTERNS } from './secret-files.js';
export { isInside, type WalkedFile, walkFiles } from './walk-files.js';
