import { describe, expect, it } from 'vitest';
import { createStreamRedactor } from './stream-redactor.js';

const SECRET = 'sk-live-0123456789abcdef';

/** Every way of cutting `text` into two or three pieces. */
function splits(text: string): string[][] {
  const out: string[][] = [];
  for (let first = 0; first <= text.length; first += 1) {
    for (let second = first; second <= text.length; second += 1) {
      out.push([text.slice(0, first), text.slice(first, second), text.slice(second)]);
    }
  }
  return out;
}

describe('createStreamRedactor', () => {
  it('redacts a secret however the stream cuts it, losing and adding nothing else', () => {
    const text = `The key is ${SECRET}, and again ${SECRET}.`;
    for (const pieces of splits(text)) {
      const redactor = createStreamRedactor([SECRET, 'other-token-xyz']);
      const sent = pieces.map((piece) => redactor.push(piece));
      sent.push(redactor.flush());
      expect(sent.join(''), JSON.stringify(pieces)).toBe('The key is [redacted], and again [redacted].');
      for (const piece of sent) expect(piece).not.toContain(SECRET.slice(0, 8));
    }
  });

  it('holds back only a tail that could start a secret, never more than its length minus one', () => {
    const redactor = createStreamRedactor([SECRET]);
    expect(redactor.push('Plain text, nothing held.')).toBe('Plain text, nothing held.');
    expect(redactor.push('ends with sk-live-01')).toBe('ends with ');
    expect(redactor.flush()).toBe('sk-live-01');
    expect(redactor.push(SECRET.slice(0, -1))).toBe('');
    expect(redactor.push('!')).toBe(`${SECRET.slice(0, -1)}!`);
  });

  it('passes text through untouched without secrets', () => {
    const redactor = createStreamRedactor(['']);
    expect(redactor.push('sk-')).toBe('sk-');
    expect(redactor.flush()).toBe('');
  });
});
