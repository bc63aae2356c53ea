import { describe, expect, it } from 'vitest';
import { isReaderError } from '../errors.js';
import { checkUrl } from './check-url.js';

function refusal(url: string, allowHosts: string[] = []): string | undefined {
  try {
    checkUrl(url, { allowHosts });
    return undefined;
  } catch (error) {
    if (isReaderError(error, 'blocked_address')) return error.message;
    throw error;
  }
}

describe('checkUrl', () => {
  it('says why and how to allow it', () => {
    expect(refusal('http://127.0.0.1:8080/')).toBe(
      'Refused to fetch http://127.0.0.1:8080/: 127.0.0.1 is a loopback address. Allow it with --allow-host 127.0.0.1:8080.',
    );
  });

  it.each([
    'http://localhost/',
    'http://LOCALHOST./',
    'http://app.localhost:3000/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata.google.internal./',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://10.1/',
    'http://127.0.0.1./',
    'http://[::1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://[fc00::1]/',
    'http://0.0.0.0/',
    'http://100.64.1.1/',
    'http://198.18.0.1/',
    'http://255.255.255.255/',
    'http://224.0.0.251/',
    'https://user:pass@192.168.0.1:8443/x',
  ])('refuses %s', (url) => {
    expect(refusal(url)).toMatch(/^Refused to fetch /);
  });

  it('refuses link-local IPv6 even with a zone id (URLs cannot carry one)', () => {
    expect(refusal('http://[fe80::1]/')).toContain('link-local');
    expect(() => checkUrl('http://[fe80::1%25eth0]/')).toThrow(
      expect.objectContaining({ code: 'invalid_url' }),
    );
  });

  it('lets public hosts through', () => {
    expect(refusal('https://example.com/a')).toBeUndefined();
    expect(refusal('http://93.184.216.34/')).toBeUndefined();
    expect(refusal('http://[2606:4700:4700::1111]/')).toBeUndefined();
  });

  it('allows a host when the exact host:port or the bare host is allowed', () => {
    expect(refusal('http://127.0.0.1:8080/', ['127.0.0.1:8080'])).toBeUndefined();
    expect(refusal('http://127.0.0.1:9090/', ['127.0.0.1'])).toBeUndefined();
    expect(refusal('http://LocalHost:3000/', ['localhost:3000'])).toBeUndefined();
    expect(refusal('http://[::1]:3000/', ['[::1]:3000'])).toBeUndefined();
    expect(refusal('http://127.0.0.1:9090/', ['127.0.0.1:8080'])).toMatch(/Refused/);
    expect(refusal('http://127.0.0.1/', ['127.0.0.1:8080'])).toMatch(/Refused/);
    expect(refusal('http://10.0.0.1:8080/', ['127.0.0.1:8080'])).toMatch(/Refused/);
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', '/relative'])(
    'rejects %s as an invalid URL',
    (url) => {
      expect(() => checkUrl(url)).toThrow(expect.objectContaining({ code: 'invalid_url' }));
    },
  );
});
