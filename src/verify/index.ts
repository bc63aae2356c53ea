export { verifyReferences } from './verify-references.js';
