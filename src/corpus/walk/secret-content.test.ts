import { describe, expect, it } from 'vitest';
import { keyLikeTexts, privateKeyTexts } from '../../testing/private-keys.js';
import { SECRET_SNIFF_BYTES, secretContent } from './secret-content.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('secretContent', () => {
  it.each(Object.entries(privateKeyTexts('zebrakey')))(
    'finds a private key in %s format',
    (_format, text) => {
      expect(secretContent(bytes(text))).toMatch(/private key/);
    },
  );

  it.each(Object.entries(keyLikeTexts('zebrakey')))(
    'lets through a text that is no private key: %s',
    (_name, text) => {
      expect(secretContent(bytes(text))).toBeUndefined();
    },
  );

  it('names what it found', () => {
    const keys = privateKeyTexts('zebrakey');
    expect(secretContent(bytes(keys.pkcs1 as string))).toBe('a PEM private key');
    expect(secretContent(bytes(keys.putty as string))).toBe('a PuTTY private key');
    expect(secretContent(bytes(keys.kubeconfig as string))).toBe('a base64-encoded PEM private key');
  });

  it('looks at the head only: a key past the first bytes is not searched for', () => {
    const key = privateKeyTexts('zebrakey').pkcs1 as string;
    expect(secretContent(bytes(`${'x'.repeat(SECRET_SNIFF_BYTES)}\n${key}`))).toBeUndefined();
    expect(secretContent(bytes(`${'x'.repeat(SECRET_SNIFF_BYTES - 4_000)}\n${key}`))).toBe(
      'a PEM private key',
    );
  });
});
