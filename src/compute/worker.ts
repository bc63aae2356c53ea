import { parentPort, workerData } from 'node:worker_threads';
import { stopEngineClock } from './engine-clock.js';
import { evaluateProgram } from './evaluate.js';
import type { ComputeWorkerMessage, ComputeWorkerRequest } from './messages.js';

// One program per worker (run once, then once more on each other set of inputs): the host starts a
// worker for each computation and ends it after.
const port = parentPort;
if (port) {
  stopEngineClock();
  const post = (message: ComputeWorkerMessage) => port.postMessage(message);
  const request = workerData as ComputeWorkerRequest;
  const started = () => post({ type: 'started' });
  const all = async (): Promise<ComputeWorkerMessage> => {
    const first = await evaluateProgram(request, started);
    if (first.type !== 'done' || request.alsoOnJson === undefined) return first;
    const alsoOutputs: (string | undefined)[] = [];
    for (const inputsJson of request.alsoOnJson) {
      // The same program on other inputs, in a fresh runtime; `started` again re-arms the host's clock.
      const again = await evaluateProgram({ ...request, inputsJson }, started);
      alsoOutputs.push(again.type === 'done' ? again.output : undefined);
    }
    return { ...first, alsoOutputs };
  };
  all().then(post, (error) =>
    post({
      type: 'failed',
      code: 'compute_unavailable',
      message: error instanceof Error ? error.message : String(error),
      durationMs: 0,
    }),
  );
}
