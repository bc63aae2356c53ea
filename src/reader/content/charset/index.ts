export { decodeText } from './decode.js';
