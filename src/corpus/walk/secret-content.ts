/**
 * Files whose content is a private key, whatever their name (`docs/backup_id_ed25519`,
 * `id_rsa.bak`, `server.key.txt`): each check is one key format, recognised by its framing and the
 * encoded key material that must follow it, so a document that only mentions a key header (or
 * shows one with `...` for its body) is still indexed. Only the head of a file is looked at.
 */

/** Bytes at the start of a file looked at for key material (a 4096-bit RSA key is about 3.3 KB). */
export const SECRET_SNIFF_BYTES = 16 * 1024;

/**
 * Version of the checks below: an index whose files were last decided by another version (or
 * before there were any) reads the heads of its unchanged files again, once.
 */
export const SECRET_CONTENT_VERSION = '1';

/** A content check: the key format it recognises, and whether `head` holds one. */
interface SecretContentCheck {
  /** What the file holds, as `index` reports it ("a PEM private key"). */
  name: string;
  test(head: string): boolean;
}

/**
 * The armour line of a private key in PEM and its relatives: OpenSSL (`RSA`, `EC`, `DSA`,
 * `ENCRYPTED`, PKCS#8 with none), OpenSSH, PGP (`PGP PRIVATE KEY BLOCK`), and RFC 4716's
 * `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----`.
 */
const ARMOUR = /-{4,5} ?BEGIN (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)? ?-{4,5}/g;
/** A line of an armoured body: base64, at least 40 characters (real lines are 64 or 70). */
const BODY_LINE = /^[A-Za-z0-9+/]{40,}={0,2}$/;
/** A header field between the armour and the body (`Proc-Type:`, `DEK-Info:`, `Version:`, `Comment:`). */
const FIELD_LINE = /^[A-Za-z][A-Za-z0-9-]*: /;
/** Line breaks, raw or escaped inside a JSON string (a service account's `"private_key"`). */
const LINE_BREAK = /\r?\n|\\r\\n|\\n/;

/** Whether the lines after an armour line reach a line of key material past header fields and blanks. */
function bodyFollows(after: string): boolean {
  let continued = false;
  for (const line of after.split(LINE_BREAK, 8).slice(1)) {
    const trimmed = line.trim();
    if (BODY_LINE.test(trimmed)) return true;
    // A header field may go on over lines that end with a backslash (RFC 4716).
    const field = continued || trimmed === '' || FIELD_LINE.test(trimmed);
    if (!field) return false;
    continued = trimmed.endsWith('\\');
  }
  return false;
}

function armouredKey(head: string): boolean {
  for (const match of head.matchAll(ARMOUR)) {
    if (bodyFollows(head.slice(match.index, match.index + 1_000))) return true;
  }
  return false;
}

/** `-----BEGIN` in base64, as a value starts that encodes a whole PEM file (kubeconfig's `client-key-data`). */
const ENCODED_ARMOUR = /LS0tLS1CRUdJTi[A-Za-z0-9+/]{20,120}/g;

function encodedArmouredKey(head: string): boolean {
  for (const [encoded] of head.matchAll(ENCODED_ARMOUR)) {
    const usable = encoded.slice(0, encoded.length - (encoded.length % 4));
    const decoded = Buffer.from(usable, 'base64').toString('latin1');
    if (/^-{5}BEGIN (?:[A-Z0-9]+ ){0,4}PRIVATE KEY-{5}/.test(decoded)) return true;
  }
  return false;
}

/** PuTTY's key file: its first line names the format, and a `Private-Lines:` count precedes the key. */
function puttyKey(head: string): boolean {
  return /^\s*PuTTY-User-Key-File-\d+: /.test(head) && /^Private-Lines: \d+/m.test(head);
}

/** The checks, in order; the first that holds names what the file is. */
export const SECRET_CONTENT_CHECKS: readonly SecretContentCheck[] = [
  { name: 'a PEM private key', test: armouredKey },
  { name: 'a PuTTY private key', test: puttyKey },
  { name: 'a base64-encoded PEM private key', test: encodedArmouredKey },
];

/**
 * What private key the start of a file holds, or undefined. Reads at most `SECRET_SNIFF_BYTES` of
 * `bytes`, as Latin-1 (every key format here is ASCII; a file in UTF-16 has NUL bytes and is binary).
 */
export function secretContent(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.length, SECRET_SNIFF_BYTES),
  ).toString('latin1');
  return SECRET_CONTENT_CHECKS.find((check) => check.test(head))?.name;
}
