import { serveWorkerTasks } from '../../shared/index.js';
import { extractHtml } from '../html/index.js';
import type { ExtractRequest } from './messages.js';

// One extraction at a time: the pool sends a page only to an idle worker.
serveWorkerTasks(({ html, url }: ExtractRequest) => extractHtml(html, { url }));
