import { describe, expect, it } from 'vitest';
import { describeSupport, supportRate } from './claims.js';

const sentence = (text: string, reason: string) => ({ text, reason });

describe('describeSupport', () => {
  it('says the checked share, and how many were not checked and why', () => {
    const claims = {
      total: 4,
      supported: 2,
      unsupported: [sentence('A.', 'quote not found')],
      unchecked: [sentence('B.', 'the checker failed')],
    };
    expect(describeSupport(claims)).toBe(
      '2 of 4 claims supported by their quotes (50%); 1 not checked (the checker failed)',
    );
  });

  it('says "not checked (cancelled)" once when no claim was checked, never 0%', () => {
    const claims = {
      total: 3,
      supported: 0,
      unsupported: [],
      unchecked: ['A.', 'B.', 'C.'].map((text) => sentence(text, 'cancelled')),
    };
    expect(describeSupport(claims)).toBe('3 claims not checked (cancelled)');
    expect(supportRate(claims)).toBeNull();
  });

  it('says "its quotes" of a single claim', () => {
    expect(describeSupport({ total: 1, supported: 1, unsupported: [] })).toBe(
      '1 of 1 claim supported by its quotes (100%)',
    );
    expect(describeSupport({ total: 1, supported: 0, unsupported: [sentence('A.', 'no quote')] })).toBe(
      '0 of 1 claim supported by its quotes (0%)',
    );
  });

  it('is undefined without claims', () => {
    expect(describeSupport({ total: 0, supported: 0, unsupported: [] })).toBeUndefined();
  });
});
