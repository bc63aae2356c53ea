import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { benchmarkData } from '../../../testing/vitest/benchmark-data.js';
import { decodeText, detectEncoding, encodingForLabel, encodingFromBom, encodingFromMeta } from './decode.js';

const { path: fixtures, available } = benchmarkData(
  'html5lib-tests/encoding',
  'the html5lib encoding sniffing fixtures',
);

/** html5lib encoding tests: `#data` then `#encoding`, separated by blank lines. */
function readEncodingTests(file: string): { data: string; encoding: string }[] {
  const content = readFileSync(file, 'latin1');
  return content
    .split(/^#data\n/m)
    .slice(1)
    .map((block) => {
      const [data = '', rest = ''] = block.split(/^#encoding\n/m);
      return { data: data.replace(/\n$/, ''), encoding: rest.trim().split('\n')[0] ?? '' };
    });
}

describe.skipIf(!available)('html5lib encoding sniffing fixtures', () => {
  const files = available
    ? readdirSync(fixtures)
        .filter((name) => name.endsWith('.dat'))
        .map((name) => join(fixtures, name))
    : [];
  const cases = files.flatMap((file) =>
    readEncodingTests(file).map((test, index) => ({
      name: `${file.split('/').pop()} #${index + 1}`,
      ...test,
    })),
  );

  it('has fixtures to run', () => {
    expect(cases.length).toBeGreaterThan(50);
  });

  it.each(cases)('$name', ({ data, encoding }) => {
    const bytes = new Uint8Array(Buffer.from(data, 'latin1'));
    // The fixtures assume a Windows-1252 default when nothing is declared.
    const found = encodingFromBom(bytes)?.encoding ?? encodingFromMeta(bytes) ?? 'windows-1252';
    expect(found).toBe(encodingForLabel(encoding));
  });
});

describe('decodeText', () => {
  it('decodes windows-1252 named in the Content-Type header', () => {
    const bytes = new Uint8Array(iconv.encode('Café “quoted” – 5 €', 'windows-1252'));
    expect(decodeText(bytes, { headerCharset: 'windows-1252' })).toBe('Café “quoted” – 5 €');
    expect(decodeText(bytes, { headerCharset: 'ISO-8859-1' })).toBe('Café “quoted” – 5 €');
  });

  it('decodes Shift_JIS, EUC-JP, GBK, Big5 and KOI8-R', () => {
    const samples: [string, string][] = [
      ['shift_jis', '日本語のページです'],
      ['euc-jp', '東京都の天気'],
      ['gbk', '中文网页内容'],
      ['gb18030', '中文网页内容𠀀'],
      ['big5', '繁體中文網頁'],
      ['koi8-r', 'Привет, мир'],
      ['iso-8859-2', 'Zażółć gęślą jaźń'],
    ];
    for (const [encoding, text] of samples) {
      const bytes = new Uint8Array(iconv.encode(text, encoding));
      expect(decodeText(bytes, { headerCharset: encoding })).toBe(text);
    }
  });

  it('finds the charset in <meta> when the header has none', () => {
    const html = '<!doctype html><html><head><meta charset="shift_jis"><title>題名</title></head></html>';
    const bytes = new Uint8Array(iconv.encode(html, 'shift_jis'));
    expect(decodeText(bytes, { html: true })).toBe(html);
    const koi = '<meta http-equiv="Content-Type" content="text/html; charset=koi8-r"><p>Привет</p>';
    expect(decodeText(new Uint8Array(iconv.encode(koi, 'koi8-r')), { html: true })).toBe(koi);
  });

  it('reads valid multi-byte UTF-8 as UTF-8 whatever its stale label says (a page saved as UTF-8)', () => {
    const html =
      '<meta http-equiv="Content-Type" content="text/html; charset=gb2312"><p>谷歌在2014年收购</p>';
    const bytes = new Uint8Array(Buffer.from(html, 'utf8'));
    expect(detectEncoding(bytes, { html: true })).toBe('utf-8');
    expect(decodeText(bytes, { html: true })).toBe(html);
    expect(decodeText(new Uint8Array(Buffer.from('Café', 'utf8')), { headerCharset: 'iso-8859-1' })).toBe(
      'Café',
    );
    // Real GB2312 bytes are not valid UTF-8: the label stands.
    const legacy = new Uint8Array(iconv.encode(html, 'gb2312'));
    expect(detectEncoding(legacy, { html: true })).toBe('gbk');
    expect(decodeText(legacy, { html: true })).toBe(html);
    // ASCII only: the label stands (it decides nothing).
    expect(
      detectEncoding(new Uint8Array(Buffer.from('<meta charset="koi8-r"><p>hi</p>')), { html: true }),
    ).toBe('koi8-r');
  });

  it('lets a BOM win over the header and strips it', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('héllo')]);
    expect(detectEncoding(bytes, { headerCharset: 'windows-1252' })).toBe('utf-8');
    expect(decodeText(bytes, { headerCharset: 'windows-1252' })).toBe('héllo');
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('hi ü', 'utf16le')]);
    expect(decodeText(utf16)).toBe('hi ü');
  });

  it('lets the header win over <meta>', () => {
    const bytes = new Uint8Array(Buffer.from('<meta charset="koi8-r"><p>naïve</p>'));
    expect(decodeText(bytes, { headerCharset: 'utf-8', html: true })).toContain('naïve');
  });

  it('guesses UTF-8, then Windows-1252, when nothing is declared', () => {
    expect(decodeText(new Uint8Array(Buffer.from('naïve café')))).toBe('naïve café');
    expect(decodeText(new Uint8Array(iconv.encode('naïve café', 'windows-1252')))).toBe('naïve café');
  });

  it('ignores an unknown charset label instead of failing', () => {
    expect(decodeText(new Uint8Array(Buffer.from('plain')), { headerCharset: 'no-such-charset' })).toBe(
      'plain',
    );
  });
});
