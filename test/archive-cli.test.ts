import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reference, VerifyReport } from '../src/contract/index.js';
import { type DemoWorld, demoPages, startDemoWorld } from '../src/testing/demo-world.js';
import type { FakePage } from '../src/testing/fake-page-server.js';
import { runCli } from './helpers/run-cli.js';

/** One WARC record as the WARC/1.1 grammar lays it out: version line, headers, block. */
interface WarcRecord {
  version: string;
  headers: Map<string, string>;
  block: Buffer;
}

/**
 * A reader of our own for the WARC/1.1 grammar (ISO 28500 §4: `WARC/1.1` CRLF, named fields, CRLF,
 * a block of exactly Content-Length bytes, CRLF CRLF), independent of the library that wrote it.
 */
function parseWarc(warc: Buffer): WarcRecord[] {
  const records: WarcRecord[] = [];
  let offset = 0;
  while (offset < warc.length) {
    const headerEnd = warc.indexOf('\r\n\r\n', offset);
    expect(headerEnd).toBeGreaterThan(offset);
    const [version = '', ...lines] = warc.subarray(offset, headerEnd).toString('utf8').split('\r\n');
    const headers = new Map(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
      }),
    );
    const length = Number(headers.get('content-length'));
    const blockStart = headerEnd + 4;
    records.push({ version, headers, block: warc.subarray(blockStart, blockStart + length) });
    expect(warc.subarray(blockStart + length, blockStart + length + 4).toString()).toBe('\r\n\r\n');
    offset = blockStart + length + 4;
  }
  return records;
}

/** The payload of an HTTP response block: what follows its header section. */
function httpPayload(block: Buffer): Buffer {
  return block.subarray(block.indexOf('\r\n\r\n') + 4);
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

let world: DemoWorld;
let scratch: string;
/** The pages the fake server serves; changed in place after the run, as a site changes. */
const pages: Record<string, FakePage> = { ...demoPages };
let result: { runId: string; references: Reference[]; archive?: { pages: number; dropped: unknown[] } };
let resultPath: string;
let webReferences: Reference[];

const cli = (args: string[]) =>
  runCli([...args, ...world.args], { env: { XDG_DATA_HOME: scratch }, cwd: scratch, timeoutMs: 120_000 });
const verify = (args: string[]) =>
  runCli(['verify', ...args], { env: { XDG_DATA_HOME: scratch }, cwd: scratch, timeoutMs: 60_000 });

beforeAll(async () => {
  world = await startDemoWorld({ pages });
  scratch = await mkdtemp(join(tmpdir(), 'archive-cli-'));
  const run = await cli([
    'When was the Eiffel Tower completed?',
    '--json',
    '--out',
    'result.json',
    '--with-archive',
    '--quiet',
  ]);
  expect(run.code, run.stderr).toBe(0);
  resultPath = join(scratch, 'result.json');
  result = JSON.parse(await readFile(resultPath, 'utf8'));
  webReferences = result.references.filter((reference) => reference.url.startsWith('http'));
}, 180_000);
afterAll(async () => {
  await world.close();
  await rm(scratch, { recursive: true, force: true });
});

const pathOf = (url: string) => new URL(url).pathname;

describe('a run with --with-archive', () => {
  it('writes a .warc.gz beside the result that a WARC reader opens, holding each cited page as served', async () => {
    expect(webReferences.length).toBeGreaterThan(0);
    const archivePath = join(scratch, 'result.warc.gz');
    expect(existsSync(archivePath)).toBe(true);
    // gzip itself checks every member of the file.
    if (spawnSync('gzip', ['--version']).status === 0) {
      expect(spawnSync('gzip', ['-t', archivePath]).status).toBe(0);
    }
    const records = parseWarc(gunzipSync(await readFile(archivePath)));
    expect(records[0]?.headers.get('warc-type')).toBe('warcinfo');
    for (const record of records) {
      expect(record.version).toBe('WARC/1.1');
      // The digests a WARC reader checks, computed here from the bytes themselves.
      const blockDigest = record.headers.get('warc-block-digest');
      if (blockDigest) expect(blockDigest).toBe(`sha256:${sha256(record.block)}`);
      const payloadDigest = record.headers.get('warc-payload-digest');
      if (payloadDigest && record.headers.get('warc-type') === 'response') {
        expect(payloadDigest).toBe(`sha256:${sha256(httpPayload(record.block))}`);
      }
      expect(record.headers.get('warc-record-id')).toMatch(/^<urn:uuid:[0-9a-f-]{36}>$/);
      expect(record.headers.get('warc-date')).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    for (const reference of webReferences) {
      const response = records.find(
        (record) =>
          record.headers.get('warc-type') === 'response' &&
          record.headers.get('warc-target-uri') === reference.url,
      );
      expect(response, reference.url).toBeDefined();
      if (!response) continue;
      expect(response.headers.get('content-type')).toBe('application/http; msgtype=response');
      expect(response.block.toString('latin1')).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      // The oracle: the page as the fake server serves it, byte for byte, and its hash on the reference.
      const served = pages[pathOf(reference.url)] as string;
      expect(httpPayload(response.block).toString('utf8')).toBe(served);
      expect(reference.snapshot).toEqual({
        sha256: sha256(served),
        fetchedAt: expect.any(String),
        archived: true,
      });
      const request = records.find(
        (record) =>
          record.headers.get('warc-type') === 'request' &&
          record.headers.get('warc-target-uri') === reference.url,
      );
      expect(request?.block.toString('latin1')).toMatch(
        new RegExp(`^GET ${pathOf(reference.url)} HTTP/1.1\r\n`),
      );
    }
    expect(result.archive).toMatchObject({
      pages: new Set(webReferences.map((r) => r.url)).size,
      dropped: [],
    });
  });
});

describe('deepresearch verify', () => {
  it('reports every cited quote present in its archived page', async () => {
    const run = await verify(['result.json', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report: VerifyReport = JSON.parse(run.stdout);
    expect(report.runId).toBe(result.runId);
    expect(report.references).toHaveLength(result.references.length);
    for (const check of report.references.filter((check) => check.url.startsWith('http'))) {
      expect(check.archived, check.url).toBe('present');
      expect(check.live).toBeUndefined();
    }
  });

  it('reports a quote that is not in the archived page as missing, and exits 1', async () => {
    const tampered = {
      ...result,
      references: result.references.map((reference, index) =>
        index === 0
          ? { ...reference, quote: 'The Eiffel Tower was completed in 1925 on the Moon.' }
          : reference,
      ),
    };
    await writeFile(join(scratch, 'tampered.json'), JSON.stringify(tampered));
    const run = await verify(['tampered.json', '--warc', 'result.warc.gz']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^\[1\] ✗ quote NOT in the archived page/m);
  });

  it('with --live, reports a page changed after the run as changed, and one still the same as unchanged', async () => {
    const eiffel = webReferences.find((reference) => pathOf(reference.url) === '/eiffel-tower');
    expect(eiffel).toBeDefined();
    pages['/eiffel-tower'] =
      '<!doctype html><html><head><title>The Eiffel Tower</title></head><body><article><h1>The Eiffel Tower</h1><p>This article was rewritten: the tower is a wrought-iron lattice tower on the Champ de Mars in Paris.</p></article></body></html>';
    const run = await verify(['result.json', '--live', '--json', '--allow-host', world.pages.host]);
    expect(run.code).toBe(1);
    const report: VerifyReport = JSON.parse(run.stdout);
    for (const check of report.references.filter((check) => check.url.startsWith('http'))) {
      expect(check.archived).toBe('present');
      expect(check.live, check.url).toBe(pathOf(check.url) === '/eiffel-tower' ? 'changed' : 'unchanged');
    }
  });

  it('with --live, reports a page that answers 404 as gone, and refuses a private host the user did not allow', async () => {
    for (const path of Object.keys(pages)) delete pages[path];
    const gone = await verify(['result.json', '--live', '--json', '--allow-host', world.pages.host]);
    const report: VerifyReport = JSON.parse(gone.stdout);
    for (const check of report.references.filter((check) => check.url.startsWith('http'))) {
      expect(check.live).toBe('gone');
    }
    const refused = await verify(['result.json', '--live', '--json']);
    const refusedReport: VerifyReport = JSON.parse(refused.stdout);
    for (const check of refusedReport.references.filter((check) => check.url.startsWith('http'))) {
      expect(check.live).toBe('unreachable');
      expect(check.detail).toMatch(/--allow-host/);
    }
    expect(world.pages.requests.filter((request) => request.path === '/eiffel-tower').length).toBeGreaterThan(
      0,
    );
  });
});
