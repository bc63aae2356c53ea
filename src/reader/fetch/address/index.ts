export { type BlockedAddress, classifyAddress, isBlockedAddress } from './classify.js';
export { canonicalHostName, classifyHostName } from './host-names.js';
