/**
 * The saved pages of the visible extraction sets (trafilatura-eval, WCXB dev, Readability's test
 * pages) served on 127.0.0.1 in a process of their own, for bench/server-load.ts `--pages real`:
 * `GET /page/<n>` answers page n (modulo their number) as the site sent it, bytes unchanged.
 * Prints `<origin> <page count>`; prints `none 0` when the sets are absent.
 *
 *   npx tsx bench/server-fake-pages.ts
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { visiblePages } from './lib/visible-pages.js';

const pages = visiblePages();
if (pages.length === 0) {
  process.stdout.write('none 0\n');
  process.exit(0);
}
const server = createServer((request, response) => {
  const match = /^\/page\/(\d+)/.exec(request.url ?? '');
  if (!match) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('No page here');
    return;
  }
  const page = pages[Number(match[1]) % pages.length]!;
  const bytes = readFileSync(page.path);
  const body = page.path.endsWith('.gz') ? gunzipSync(bytes) : bytes;
  response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(body.length) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`http://127.0.0.1:${port} ${pages.length}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
