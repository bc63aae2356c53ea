export { BINARY_EXTENSIONS, classifyFile, extensionOf } from './file-kinds.js';
export { isInside } from './is-inside.js';
export { readHeadInside, readInside } from './read-inside.js';
export { SECRET_CONTENT_VERSION, SECRET_SNIFF_BYTES, secretContent } from './secret-content.js';
export { isSecretFile } from './secret-files.js';
export { type WalkedFile, walkFiles } from './walk-files.js';
