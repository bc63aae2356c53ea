import type { RecordedExchange } from '../reader/index.js';
import { loadWarcio } from './load-warcio.js';

const WARC_VERSION = 'WARC/1.1';

/** The `warcinfo` record that opens a run's archive: what wrote it and for which run. */
export async function warcInfoRecord(options: { runId: string; software: string }): Promise<Uint8Array> {
  const { WARCRecord, WARCSerializer } = await loadWarcio();
  const record = WARCRecord.createWARCInfo(
    { filename: `${options.runId}.warc.gz`, warcVersion: WARC_VERSION },
    { software: options.software, description: `Pages read by research run ${options.runId}` },
  );
  return WARCSerializer.serialize(record, { gzip: true });
}

/** `/path?query` of a URL: the request line's target. */
function requestTarget(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/**
 * One exchange as a `request` record and a `response` record (`WARC-Concurrent-To` linking them),
 * each its own gzip member so a reader can seek to any record. Headers are kept as sent, in order;
 * the body exactly as received.
 */
export async function exchangeRecords(exchange: RecordedExchange): Promise<Uint8Array[]> {
  const { WARCRecord, WARCSerializer } = await loadWarcio();
  const url = new URL(exchange.url);
  const date = exchange.fetchedAt;
  const response = WARCRecord.create(
    {
      url: exchange.url,
      date,
      type: 'response',
      warcVersion: WARC_VERSION,
      statusline: `HTTP/1.1 ${exchange.status} ${exchange.statusText}`.trimEnd(),
      httpHeaders: exchange.responseHeaders,
      keepHeadersCase: true,
    },
    [exchange.body],
  );
  const request = WARCRecord.create(
    {
      url: exchange.url,
      date,
      type: 'request',
      warcVersion: WARC_VERSION,
      statusline: `GET ${requestTarget(url)} HTTP/1.1`,
      httpHeaders: [['Host', url.host], ...exchange.requestHeaders],
      warcHeaders: { 'WARC-Concurrent-To': response.warcHeader('WARC-Record-ID') ?? '' },
      keepHeadersCase: true,
    },
    [],
  );
  return [
    await WARCSerializer.serialize(request, { gzip: true }),
    await WARCSerializer.serialize(response, { gzip: true }),
  ];
}
