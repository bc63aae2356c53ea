import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ReaderError } from '../errors.js';
import { classifyAddress } from './address/index.js';
import { blockedError, type CheckedUrl } from './check-url.js';
import { shownUrl } from './shown-url.js';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (like `dns.lookup(name, { all: true })`). */
export type LookupFunction = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver, every address. */
export const systemLookup: LookupFunction = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/**
 * Resolves a checked URL's host and vets EVERY address it resolves to, so a public-looking name that
 * points at a private address is refused. Returns the address to connect to: the caller pins the
 * connection to it so a second DNS answer (rebinding) cannot change where the request goes.
 */
export async function resolveCheckedUrl(
  checked: CheckedUrl,
  lookup: LookupFunction,
): Promise<ResolvedAddress> {
  const literalFamily = isIP(checked.hostname);
  if (literalFamily === 4 || literalFamily === 6) return { address: checked.hostname, family: literalFamily };
  let answers: ResolvedAddress[];
  try {
    answers = await lookup(checked.hostname);
  } catch (error) {
    throw new ReaderError({
      code: 'dns_error',
      url: checked.url.href,
      cause: error,
      isRetryable: true,
      message: `Could not resolve ${shownUrl(checked.hostname)} for ${shownUrl(checked.url.href)}; check the host name.`,
    });
  }
  const first = answers[0];
  if (!first) {
    throw new ReaderError({
      code: 'dns_error',
      url: checked.url.href,
      message: `${shownUrl(checked.hostname)} has no addresses; check the host name.`,
    });
  }
  if (!checked.allowed) {
    for (const answer of answers) {
      const verdict = classifyAddress(answer.address);
      if (verdict) {
        const subject = `${checked.hostname} resolves to ${answer.address}, which`;
        throw blockedError(checked.url, subject, verdict, checked.redirectedFrom, checked.fixedBy);
      }
    }
  }
  return first;
}
