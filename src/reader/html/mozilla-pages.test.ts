import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchmarkData } from '../../testing/vitest/benchmark-data.js';
import { extractHtml } from './index.js';

const { path: pagesFolder, available } = benchmarkData(
  'mozilla-readability-testpages/',
  'extractHtml on the mozilla/readability test pages',
);

function loose(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

describe.skipIf(!available)(
  'extractHtml on mozilla/readability test pages (skipped: benchmark data absent)',
  () => {
    it('agrees with the expected title on most pages and never throws', () => {
      const pages = readdirSync(pagesFolder, { withFileTypes: true }).filter((entry) => entry.isDirectory());
      let agreeing = 0;
      for (const { name } of pages) {
        const html = readFileSync(join(pagesFolder, name, 'source.html'), 'utf8');
        const expected = JSON.parse(
          readFileSync(join(pagesFolder, name, 'expected-metadata.json'), 'utf8'),
        ) as { title?: string };
        const page = extractHtml(html, { url: `http://fakehost/test/${name}/` });
        const [actual, wanted] = [loose(page.title), loose(expected.title ?? '')];
        if (
          actual === wanted ||
          (actual !== '' && wanted !== '' && (actual.includes(wanted) || wanted.includes(actual)))
        )
          agreeing++;
      }
      expect(pages.length).toBeGreaterThan(100);
      expect(agreeing / pages.length).toBeGreaterThanOrEqual(0.9);
      // 130 pages take ~17 s on an idle 2-core machine and over 60 s when it is shared.
    }, 240_000);
  },
);
