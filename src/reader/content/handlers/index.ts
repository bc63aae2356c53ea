export { contentHandlerFor } from './registry.js';
