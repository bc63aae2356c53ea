import { parentPort } from 'node:worker_threads';
import { extractHtml } from '../html/index.js';
import type { ExtractRequest, ExtractResponse } from './messages.js';

// One extraction at a time: the pool sends a page only to an idle worker.
const port = parentPort;
if (port) {
  port.on('message', (request: ExtractRequest) => {
    let response: ExtractResponse;
    try {
      response = { type: 'done', id: request.id, page: extractHtml(request.html, { url: request.url }) };
    } catch (error) {
      response = { type: 'failed', id: request.id, message: (error as Error).message ?? String(error) };
    }
    port.postMessage(response);
  });
  port.postMessage({ type: 'ready' } satisfies ExtractResponse);
}
