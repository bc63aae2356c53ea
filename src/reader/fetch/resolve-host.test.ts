import { describe, expect, it } from 'vitest';
import { checkUrl } from './check-url.js';
import { type LookupFunction, resolveCheckedUrl } from './resolve-host.js';

const answering =
  (...addresses: string[]): LookupFunction =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('resolveCheckedUrl', () => {
  it.each([
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['100.64.0.9', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
  ])('refuses a name that resolves to %s (%s)', async (address, phrase) => {
    const checked = checkUrl('https://innocent.example/path');
    await expect(resolveCheckedUrl(checked, answering('93.184.216.34', address))).rejects.toMatchObject({
      code: 'blocked_address',
      message: expect.stringContaining(phrase),
    });
  });

  it('returns the first vetted address for public names, and any address for allowed hosts', async () => {
    const publicName = checkUrl('https://public.example/');
    await expect(resolveCheckedUrl(publicName, answering('2606:4700::1', '93.184.216.34'))).resolves.toEqual({
      address: '2606:4700::1',
      family: 6,
    });
    const allowed = checkUrl('http://intranet.example:8080/', { allowHosts: ['intranet.example:8080'] });
    await expect(resolveCheckedUrl(allowed, answering('10.1.2.3'))).resolves.toEqual({
      address: '10.1.2.3',
      family: 4,
    });
  });

  it('reports resolver failures and empty answers as DNS errors', async () => {
    const checked = checkUrl('https://nowhere.example/');
    const failing: LookupFunction = async () => {
      throw new Error('getaddrinfo ENOTFOUND nowhere.example');
    };
    await expect(resolveCheckedUrl(checked, failing)).rejects.toMatchObject({
      code: 'dns_error',
      isRetryable: true,
    });
    await expect(resolveCheckedUrl(checked, answering())).rejects.toMatchObject({ code: 'dns_error' });
  });

  it('shows a 70,000-character address in its message cut, keeping it whole in the error', async () => {
    const long = `https://nowhere.example/${'a'.repeat(70_000)}`;
    const failing: LookupFunction = async () => {
      throw new Error('getaddrinfo ENOTFOUND nowhere.example');
    };
    const error = await resolveCheckedUrl(checkUrl(long), failing).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'dns_error', url: long });
    const message = (error as Error).message;
    expect(message.length).toBeLessThan(600);
    expect(message).toContain('Could not resolve nowhere.example for https://nowhere.example/aaa');
    expect(message).toContain('(69824 more characters)');
  });
});
