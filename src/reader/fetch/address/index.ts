export { type BlockedAddress, classifyAddress, isBlockedAddress, isIpAddress } from './classify.js';
export { canonicalHostName, classifyHostName } from './host-names.js';
export { parseIpv4 } from './ipv4.js';
export { parseIpv6 } from './ipv6.js';
