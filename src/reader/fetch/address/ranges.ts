/** A blocked range: CIDR, machine-readable class and the phrase used in messages. */
export interface BlockedRange {
  cidr: string;
  kind: string;
  description: string;
}

/** An IPv6 range that carries an IPv4 address, judged by that address. */
export interface EmbeddingRange {
  cidr: string;
  /** Index of the 16-bit group holding the IPv4 address's high half (the low half follows). */
  ipv4At: number;
  via: string;
}

const documentation = 'a reserved (documentation) address';

/** IPv4 ranges that may not be fetched, checked in order, most specific first. */
export const blockedIpv4Ranges: BlockedRange[] = [
  { cidr: '169.254.169.254/32', kind: 'cloud-metadata', description: 'a cloud metadata address' },
  { cidr: '100.100.100.200/32', kind: 'cloud-metadata', description: 'a cloud metadata address' },
  { cidr: '255.255.255.255/32', kind: 'broadcast', description: 'the broadcast address' },
  { cidr: '0.0.0.0/8', kind: 'unspecified', description: 'an unspecified ("this network") address' },
  { cidr: '10.0.0.0/8', kind: 'private', description: 'a private address' },
  { cidr: '100.64.0.0/10', kind: 'cgnat', description: 'a carrier-grade NAT (shared) address' },
  { cidr: '127.0.0.0/8', kind: 'loopback', description: 'a loopback address' },
  { cidr: '169.254.0.0/16', kind: 'link-local', description: 'a link-local address' },
  { cidr: '172.16.0.0/12', kind: 'private', description: 'a private address' },
  { cidr: '192.0.0.0/24', kind: 'reserved', description: 'a reserved (IETF protocol) address' },
  { cidr: '192.0.2.0/24', kind: 'reserved', description: documentation },
  { cidr: '192.88.99.0/24', kind: 'reserved', description: 'a reserved (6to4 relay) address' },
  { cidr: '192.168.0.0/16', kind: 'private', description: 'a private address' },
  { cidr: '198.18.0.0/15', kind: 'benchmarking', description: 'a benchmarking address' },
  { cidr: '198.51.100.0/24', kind: 'reserved', description: documentation },
  { cidr: '203.0.113.0/24', kind: 'reserved', description: documentation },
  { cidr: '224.0.0.0/4', kind: 'multicast', description: 'a multicast address' },
  { cidr: '240.0.0.0/4', kind: 'reserved', description: 'a reserved address' },
];

/** IPv6 ranges blocked outright, checked in order before the embedding ones. */
export const blockedIpv6Ranges: BlockedRange[] = [
  { cidr: '::/128', kind: 'unspecified', description: 'the unspecified address' },
  { cidr: '::1/128', kind: 'loopback', description: 'a loopback address' },
  { cidr: 'fd00:ec2::254/128', kind: 'cloud-metadata', description: 'a cloud metadata address' },
];

/** IPv6 ranges whose addresses reach an IPv4 address through a translation mechanism. */
export const embeddingIpv6Ranges: EmbeddingRange[] = [
  { cidr: '::ffff:0:0/96', ipv4At: 6, via: 'IPv4-mapped IPv6' },
  { cidr: '::/96', ipv4At: 6, via: 'IPv4-compatible IPv6' },
  { cidr: '64:ff9b::/96', ipv4At: 6, via: 'NAT64' },
  { cidr: '2002::/16', ipv4At: 1, via: '6to4' },
];

/** IPv6 ranges blocked after the embedding ones; outside 2000::/3 everything is blocked as well. */
export const reservedIpv6Ranges: BlockedRange[] = [
  { cidr: '64:ff9b:1::/48', kind: 'reserved', description: 'a local-use NAT64 address' },
  { cidr: '2001::/32', kind: 'reserved', description: 'a Teredo tunnel address' },
  { cidr: '2001:db8::/32', kind: 'reserved', description: 'a documentation address' },
  { cidr: '2001:2::/48', kind: 'benchmarking', description: 'a benchmarking address' },
  { cidr: '2001::/23', kind: 'reserved', description: 'a reserved (IETF protocol) address' },
  { cidr: 'fc00::/7', kind: 'unique-local', description: 'a unique-local address' },
  { cidr: 'fe80::/10', kind: 'link-local', description: 'a link-local address' },
  { cidr: 'ff00::/8', kind: 'multicast', description: 'a multicast address' },
];

/** Only 2000::/3 is allocated for global unicast; everything else is reserved or special. */
export const globalUnicastIpv6 = '2000::/3';
