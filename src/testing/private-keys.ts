/**
 * Private keys in the formats people save them in, made fresh for each test (no key is ever
 * committed): OpenSSL PEM (PKCS#1, PKCS#8, encrypted PKCS#8, SEC1), OpenSSH, PGP, RFC 4716, PuTTY,
 * a service account's JSON and a kubeconfig's base64. The formats Node cannot write are built from
 * their framing around random bytes: a content check sees nothing else. Alongside, texts that only
 * speak of keys, or hold public material, which a content check must let through.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';

/** Base64 of `bytes`, in lines of `width` characters. */
function wrapped(bytes: Buffer, width: number): string {
  return (bytes.toString('base64').match(new RegExp(`.{1,${width}}`, 'g')) ?? []).join('\n');
}

function pemOf(kind: 'rsa-pkcs1' | 'rsa-pkcs8' | 'ed25519' | 'ec-sec1' | 'encrypted'): string {
  if (kind === 'ed25519') {
    return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }
  if (kind === 'ec-sec1') {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return privateKey.export({ type: 'sec1', format: 'pem' }).toString();
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  if (kind === 'encrypted') {
    return privateKey
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'not-a-secret' })
      .toString();
  }
  return privateKey.export({ type: kind === 'rsa-pkcs1' ? 'pkcs1' : 'pkcs8', format: 'pem' }).toString();
}

const armour = (label: string, body: string, fields = '') =>
  `-----BEGIN ${label}-----\n${fields}${body}\n-----END ${label}-----\n`;

/**
 * One private key of each format, as a file's text, keyed by a short name. `marker` goes where the
 * format allows a comment (or on a line before), so a test can search for the file.
 */
export function privateKeyTexts(marker: string): Record<string, string> {
  const openssh = Buffer.concat([Buffer.from('openssh-key-v1\0'), randomBytes(300)]);
  const service = {
    type: 'service_account',
    project_id: 'demo',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: pemOf('rsa-pkcs8'),
    client_email: `${marker}@demo.iam.gserviceaccount.com`,
  };
  return {
    pkcs1: `# ${marker}: the deploy key, kept as a backup\n${pemOf('rsa-pkcs1')}`,
    pkcs8: `Bag Attributes\n    friendlyName: ${marker}\nKey Attributes: <No Attributes>\n${pemOf('ed25519')}`,
    encrypted: `${marker}\n${pemOf('encrypted')}`,
    sec1: `${marker}\n${pemOf('ec-sec1')}`,
    openssh: `${marker}\n${armour('OPENSSH PRIVATE KEY', wrapped(openssh, 70))}`,
    pgp: armour('PGP PRIVATE KEY BLOCK', wrapped(randomBytes(600), 64), `Comment: ${marker}\n\n`),
    ssh2: `---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "${marker} with a comment that goes on \\\nover two lines"\n${wrapped(randomBytes(600), 70)}\n---- END SSH2 ENCRYPTED PRIVATE KEY ----\n`,
    putty: [
      'PuTTY-User-Key-File-3: ssh-ed25519',
      'Encryption: none',
      `Comment: ${marker}`,
      'Public-Lines: 2',
      wrapped(randomBytes(51), 64),
      'Private-Lines: 1',
      wrapped(randomBytes(48), 64),
      `Private-MAC: ${randomBytes(32).toString('hex')}`,
      '',
    ].join('\n'),
    serviceAccount: `${JSON.stringify(service, null, 2)}\n`,
    kubeconfig: [
      'apiVersion: v1',
      'kind: Config',
      'users:',
      `- name: ${marker}`,
      '  user:',
      `    client-certificate-data: ${randomBytes(600).toString('base64')}`,
      `    client-key-data: ${Buffer.from(pemOf('rsa-pkcs1')).toString('base64')}`,
      '',
    ].join('\n'),
  };
}

/** Texts that speak of private keys or hold public material only: none is a private key. */
export function keyLikeTexts(marker: string): Record<string, string> {
  const { publicKey } = generateKeyPairSync('ed25519');
  return {
    mentions: `# Keys\n\n${marker}: a deploy key starts with -----BEGIN OPENSSH PRIVATE KEY----- and lives in the vault.\n`,
    elided: `# ${marker}\n\nThe file looks like this:\n\n    -----BEGIN RSA PRIVATE KEY-----\n    ...\n    -----END RSA PRIVATE KEY-----\n`,
    publicKey: `${marker}\n${publicKey.export({ type: 'spki', format: 'pem' }).toString()}`,
    certificateLike: `${marker}\n${armour('CERTIFICATE', wrapped(randomBytes(600), 64))}`,
    puttyMention: `PuTTY-User-Key-File-3: is the first line of a ${marker} key file; keep it secret.\n`,
  };
}
