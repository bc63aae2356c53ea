import { parentPort, workerData } from 'node:worker_threads';
import { describeError } from '../../errors.js';
import { closeSharedBrowser, sizeSharedExtractionPool } from '../../reader/index.js';
import { research } from '../../research/index.js';
import { connectionOptionsOf, withCurrentConnection } from '../connection-options.js';
import { CorpusRegistry } from '../corpus-registry.js';
import type {
  FromResearchThread,
  ResearchThreadData,
  StartRunMessage,
  ToResearchThread,
} from './messages.js';
import { lowerThreadPriority } from './thread-priority.js';
import { threadSourceCache } from './thread-source-cache.js';

// A research thread: executes the runs its pool sends it, several at once (research mostly waits
// on models and pages), and sends back each run's events, screenshots, archive and result. The
// bookkeeping (storing events, states, memories) stays on the thread that serves HTTP.

const port = parentPort;
if (!port) throw new Error('research-thread runs in a worker thread started by createResearchThreads.');
const { config, env, sharedCache, extractWorkers } = workerData as ResearchThreadData;
sizeSharedExtractionPool(extractWorkers);
// Below the thread that serves HTTP: when cores are scarce, events reach their clients first.
const priorityProblem = lowerThreadPriority();
// Pages read are cached in the server's cache (the database's), shared with every thread and run.
const sourceCache = sharedCache ? threadSourceCache(port) : undefined;
const connection = connectionOptionsOf(config);
const running = new Map<string, AbortController>();
const send = (message: FromResearchThread, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

// The operator's corpora, opened here as the server opened them (their index is already up to date).
const corpora =
  config.corpus.length > 0
    ? await CorpusRegistry.open({
        folders: config.corpus,
        env,
        ...(config.embedModel ? { embedModel: config.embedModel } : {}),
        ...(config.embedBaseURL ? { embedBaseURL: config.embedBaseURL } : {}),
      })
    : undefined;

send({ type: 'ready', warning: priorityProblem });

/** A copy of `bytes` in a buffer of its own, to move to the other thread (a Buffer may share a pool). */
function movable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes);
}

async function execute(message: StartRunMessage): Promise<void> {
  const { runId } = message;
  const controller = new AbortController();
  running.set(runId, controller);
  try {
    const options = {
      ...withCurrentConnection(message.options, connection),
      question: message.options.question,
    };
    const result = await research(options, {
      env,
      corpora: corpora?.corpora ?? [],
      sourceCache,
      fixedBy: 'operator',
      runId,
      signal: controller.signal,
      onEvent: (event) => send({ type: 'event', runId, event }),
      onScreenshot: (screenshot) => {
        const png = movable(screenshot.png);
        send({ type: 'screenshot', runId, screenshot: { url: screenshot.url, png } }, [png.buffer]);
      },
      onArchive: (archive) => {
        const warc = movable(archive.warc);
        send({ type: 'archive', runId, archive: { ...archive, warc } }, [warc.buffer]);
      },
      resumeFrom: message.resumeFrom,
      memories: message.memories,
    });
    send({ type: 'result', runId, result });
  } catch (error) {
    send({ type: 'error', runId, ...describeError(error) });
  } finally {
    running.delete(runId);
  }
}

port.on('message', (message: ToResearchThread) => {
  if (message.type === 'start') void execute(message);
  else if (message.type === 'cached') sourceCache?.answer(message);
  else if (message.type === 'cancel') running.get(message.runId)?.abort(new Error(message.reason));
  else {
    for (const controller of running.values()) controller.abort(new Error('The research thread is closing.'));
    // Ends this thread only (not the process): kept-alive sockets would keep it up for seconds.
    void closeSharedBrowser()
      .finally(() => corpora?.close())
      .finally(() => process.exit(0));
  }
});
