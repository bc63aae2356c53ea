import { parentPort, workerData } from 'node:worker_threads';
import { evaluateProgram } from './evaluate.js';
import type { ComputeWorkerMessage, ComputeWorkerRequest } from './messages.js';

// One program per worker: the host starts a worker for each computation and ends it after.
const port = parentPort;
if (port) {
  const post = (message: ComputeWorkerMessage) => port.postMessage(message);
  evaluateProgram(workerData as ComputeWorkerRequest, () => post({ type: 'started' })).then(post, (error) =>
    post({
      type: 'failed',
      code: 'compute_unavailable',
      message: error instanceof Error ? error.message : String(error),
      durationMs: 0,
    }),
  );
}
