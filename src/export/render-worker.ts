import { serveWorkerTasks } from '../shared/index.js';
import { renderReport } from './render.js';
import { transferableBody } from './render-pool.js';

// Renders one report at a time (the pool sends a task only to an idle worker); fonts, pdfkit and
// docx load once per worker and stay loaded.
serveWorkerTasks(renderReport, transferableBody);
