export { fileRole, isEntryFile } from './file-role.js';
export { DOCS_WORDS, TEST_WORDS } from './role-patterns.js';
