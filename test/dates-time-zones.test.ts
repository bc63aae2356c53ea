/**
 * Dates read the same on every machine: the same page and search dates give the same instants, and
 * the same time-range verdicts, whatever time zone the process runs in. Each zone is a child
 * process started with its own `TZ` (a process reads its zone once, at start).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const source = (path: string) => JSON.stringify(new URL(`../src/${path}`, import.meta.url).href);

/** Reads dates through each path a date takes (parser, a provider, the reader, the time filter). */
const script = `
  import { toIsoDate } from ${source('shared/index.ts')};
  import { createSerperSearch } from ${source('search/providers/serper.ts')};
  import { withinTimeRange } from ${source('search/index.ts')};
  import { extractHtml } from ${source('reader/html/index.ts')};
  const now = new Date('2024-06-10T15:00:00Z');
  const texts = ['Jun 5, 2024', '2024-06-05', '2024-06-05T10:00:00', '05.06.2024', '6/5/2024', '5 juin 2024',
    '5. Juni 2024', '2024年6月5日', 'Wed, 05 Jun 2024 10:00:00 GMT', '2024-06-05T10:00:00+09:00',
    'yesterday', '2 hrs ago', 'hace 3 días'];
  const parsed = Object.fromEntries(texts.map((text) => [text, toIsoDate(text, { now })]));
  const organic = [{ title: 'A', link: 'https://example.com/a', date: 'Jun 5, 2024' },
    { title: 'B', link: 'https://example.com/b', date: '3 days ago' }];
  const serper = createSerperSearch({ apiKey: 'key', now: () => now, rateLimit: { minIntervalMs: 0 },
    fetch: async () => new Response(JSON.stringify({ organic }), { headers: { 'content-type': 'application/json' } }) });
  const provider = (await serper.search({ query: 'q' })).map((result) => result.publishedAt);
  const page = (date) => extractHtml('<html><head><meta name="date" content="' + date + '"></head><body><article><p>'
    + 'Text of the story, long enough to be the main content of this page.</p></article></body></html>',
    { url: 'https://example.com/story' }).publishedAt;
  const reader = ['Jun 5, 2024', '2024-06-05 10:00'].map(page);
  const dayAgo = new Date('2024-06-06T12:00:00Z');
  const filtered = ['2024-06-05T10:00:00', '2024-06-05T13:00:00', '2024-06-05'].map((date) =>
    withinTimeRange(date, 'day', dayAgo));
  process.stdout.write(JSON.stringify({ parsed, provider, reader, filtered }));
`;

function readDatesIn(zone: string): Promise<unknown> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, TZ: zone },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    errors += String(chunk);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output));
      else reject(new Error(`The date script failed in ${zone} (exit ${code}): ${errors}`));
    });
  });
}

const expected = {
  parsed: {
    'Jun 5, 2024': '2024-06-05T00:00:00.000Z',
    '2024-06-05': '2024-06-05T00:00:00.000Z',
    '2024-06-05T10:00:00': '2024-06-05T10:00:00.000Z',
    '05.06.2024': '2024-06-05T00:00:00.000Z',
    '6/5/2024': '2024-06-05T00:00:00.000Z',
    '5 juin 2024': '2024-06-05T00:00:00.000Z',
    '5. Juni 2024': '2024-06-05T00:00:00.000Z',
    '2024年6月5日': '2024-06-05T00:00:00.000Z',
    'Wed, 05 Jun 2024 10:00:00 GMT': '2024-06-05T10:00:00.000Z',
    '2024-06-05T10:00:00+09:00': '2024-06-05T01:00:00.000Z',
    yesterday: '2024-06-09T00:00:00.000Z',
    '2 hrs ago': '2024-06-10T13:00:00.000Z',
    'hace 3 días': '2024-06-07T15:00:00.000Z',
  },
  provider: ['2024-06-05T00:00:00.000Z', '2024-06-07T15:00:00.000Z'],
  reader: ['2024-06-05T00:00:00.000Z', '2024-06-05T10:00:00.000Z'],
  // 10:00 UTC is before the last day began (12:00 UTC); a date alone counts as its whole day.
  filtered: [false, true, true],
};

describe('dates in every time zone', () => {
  it.each(['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    'reads page and search dates the same in %s',
    async (zone) => {
      expect(await readDatesIn(zone)).toEqual(expected);
    },
    60_000,
  );
});
