import type { ArchiveMode, ArchiveSummary } from '../contract/index.js';
import type { RecordedExchange } from '../reader/index.js';
import { exchangeRecords, warcInfoRecord } from './write-warc.js';

/** A page to archive: the URL it was asked by and the exchanges that read it (redirects first). */
export interface PageToArchive {
  url: string;
  chain: RecordedExchange[];
}

/** A run's archive: the `.warc.gz` bytes and what they hold. */
export interface RunArchive {
  warc: Uint8Array;
  summary: ArchiveSummary;
  /** URLs (as asked) of the pages the archive holds. */
  archived: Set<string>;
}

/**
 * Writes the pages, in the order given (cited pages first), into one `.warc.gz` of at most
 * `maxBytes`: a page whose records would pass the bound is left out and named in the summary, and
 * a smaller page after it may still fit. A page with no recorded exchange is named as not recorded.
 */
export async function buildArchive(options: {
  runId: string;
  software: string;
  mode: ArchiveMode;
  maxBytes: number;
  pages: PageToArchive[];
}): Promise<RunArchive> {
  const members: Uint8Array[] = [await warcInfoRecord(options)];
  let bytes = members[0]?.length ?? 0;
  const summary: ArchiveSummary = {
    mode: options.mode,
    pages: 0,
    bytes: 0,
    maxBytes: options.maxBytes,
    dropped: [],
  };
  const archived = new Set<string>();
  for (const page of options.pages) {
    if (page.chain.length === 0) {
      summary.dropped.push({ url: page.url, reason: 'not_recorded' });
      continue;
    }
    const records = (await Promise.all(page.chain.map(exchangeRecords))).flat();
    const size = records.reduce((total, record) => total + record.length, 0);
    if (bytes + size > options.maxBytes) {
      summary.dropped.push({ url: page.url, reason: 'size_limit' });
      continue;
    }
    members.push(...records);
    bytes += size;
    summary.pages += 1;
    archived.add(page.url);
  }
  summary.bytes = bytes;
  return { warc: new Uint8Array(Buffer.concat(members)), summary, archived };
}
