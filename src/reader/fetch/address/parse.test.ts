import { describe, expect, it } from 'vitest';
import { classifyAddress, isIpAddress } from './classify.js';

describe('edge spellings of IP literals', () => {
  it.each([
    ['0x', 'unspecified'],
    ['0x.0x.0x.0x', 'unspecified'],
    ['0x7f.0x.0x.1', 'loopback'],
    ['fe80::1%eth0.1', 'link-local'],
    ['[fe80::1%25en-0]', 'link-local'],
    ['::ffff:0177.0.0.1', undefined],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)?.kind).toBe(kind);
  });

  it('tells host names from addresses', () => {
    expect(isIpAddress('example.com')).toBe(false);
    expect(isIpAddress('1.2.3.4.5')).toBe(false);
    expect(isIpAddress('0x7f.1')).toBe(true);
    expect(isIpAddress('[::1]')).toBe(true);
  });
});
