export { type BlockedAddress, classifyAddress } from './classify.js';
export { canonicalHostName, classifyHostName } from './host-names.js';
