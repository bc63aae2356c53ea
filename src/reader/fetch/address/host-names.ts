import type { BlockedAddress } from './classify.js';

/** Names that always mean this machine or a cloud metadata service, whatever DNS says. */
const blockedNames: Record<string, BlockedAddress> = {
  localhost: { kind: 'loopback', description: 'a loopback host name' },
  'localhost.localdomain': { kind: 'loopback', description: 'a loopback host name' },
  'metadata.google.internal': { kind: 'cloud-metadata', description: 'a cloud metadata host name' },
  'metadata.goog': { kind: 'cloud-metadata', description: 'a cloud metadata host name' },
  'instance-data.ec2.internal': { kind: 'cloud-metadata', description: 'a cloud metadata host name' },
};

/** Lower-case host name without a trailing dot (`LocalHost.` → `localhost`). */
export function canonicalHostName(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/** Classifies a host name (not an IP) that is blocked by name alone, e.g. `localhost`, `*.localhost`. */
export function classifyHostName(hostname: string): BlockedAddress | undefined {
  const name = canonicalHostName(hostname);
  const known = blockedNames[name];
  if (known) return known;
  if (name.endsWith('.localhost')) return { kind: 'loopback', description: 'a loopback host name' };
  return undefined;
}
