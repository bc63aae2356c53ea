import { parentPort, workerData } from 'node:worker_threads';
import { stopEngineClock } from './engine-clock.js';
import { evaluateProgram } from './evaluate.js';
import type { ComputeWorkerMessage, ComputeWorkerRequest } from './messages.js';

// One program per worker (run once, or twice on two inputs): the host starts a worker for each
// computation and ends it after.
const port = parentPort;
if (port) {
  stopEngineClock();
  const post = (message: ComputeWorkerMessage) => port.postMessage(message);
  const request = workerData as ComputeWorkerRequest;
  const started = () => post({ type: 'started' });
  const both = async (): Promise<ComputeWorkerMessage> => {
    const first = await evaluateProgram(request, started);
    if (first.type !== 'done' || request.alsoOnJson === undefined) return first;
    // The same program on the other inputs, in a fresh runtime; `started` again re-arms the host's clock.
    const again = await evaluateProgram({ ...request, inputsJson: request.alsoOnJson }, started);
    return again.type === 'done' ? { ...first, alsoOutput: again.output } : first;
  };
  both().then(post, (error) =>
    post({
      type: 'failed',
      code: 'compute_unavailable',
      message: error instanceof Error ? error.message : String(error),
      durationMs: 0,
    }),
  );
}
