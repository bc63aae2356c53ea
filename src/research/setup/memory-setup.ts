import type { MemoryUse, ResearchEventPayload } from '../../contract/index.js';
import { createEmbedder, type Embedder } from '../../llm/index.js';
import { recallPriorTurns } from '../memory/prior-turns.js';
import { offerRememberedSources } from '../memory/read-candidates.js';
import { recallMemories } from '../memory/recall.js';
import type { RunRecords } from '../run/run-records.js';
import type { ResearchRuntime } from '../types.js';

/** The embedder that matches past runs' questions: the runtime's, else `--embed-model`'s, else none. */
function memoryEmbedder(run: RunRecords, runtime: ResearchRuntime): Embedder | undefined {
  if (runtime.embedder) return runtime.embedder;
  const { embedModel, embedBaseURL } = run.options;
  if (!embedModel) return undefined;
  return createEmbedder(embedModel, {
    env: runtime.env,
    baseURL: embedBaseURL,
    fetch: runtime.fetch,
  });
}

/**
 * Takes the conversation's earlier answers (`priorTurns`) as prior knowledge, and says so in the
 * trace: how many answers, how many of their sources are read again instead of searched for.
 */
function attachPriorTurns(options: {
  run: RunRecords;
  runtime: ResearchRuntime;
  emit: (payload: ResearchEventPayload) => void;
}): void {
  const { run, runtime, emit } = options;
  const turns = run.options.priorTurns ?? [];
  if (turns.length === 0) return;
  const taken = recallPriorTurns({
    run,
    turns,
    fixedBy: runtime.fixedBy,
    warn: (code, message) => emit({ type: 'warning', code, message }),
  });
  const dropped = taken.dropped > 0 ? `; ${taken.dropped} not` : '';
  emit({
    type: 'observation',
    text: `Earlier answers of the conversation: ${taken.answers}, citing ${taken.sources} source${taken.sources === 1 ? '' : 's'} to read again instead of searching${dropped}. Their claims count only once a source read again still says them.`,
  });
}

/**
 * Gives the run what it knows from before, before it plans: the conversation's earlier answers
 * (`priorTurns`, whatever the memory option) and what earlier runs found — the similar runs (and
 * the one it follows up) among `runtime.memories`, their findings within the question's time
 * window — as prior knowledge; offers their sources as read candidates, and emits one `memory`
 * event naming the runs used. No runs when memory is off or the caller gave none; an embedding
 * model that cannot be set up or fails leaves the words alone to match, with a warning.
 */
export async function attachMemory(options: {
  run: RunRecords;
  runtime: ResearchRuntime;
  emit: (payload: ResearchEventPayload) => void;
}): Promise<MemoryUse[]> {
  attachPriorTurns(options);
  const uses = await attachRememberedRuns(options);
  offerRememberedSources(options.run);
  if (uses.length > 0) options.emit({ type: 'memory', runs: uses });
  return uses;
}

/** Draws on the similar earlier runs among `runtime.memories` (see `attachMemory`). */
async function attachRememberedRuns(options: {
  run: RunRecords;
  runtime: ResearchRuntime;
  emit: (payload: ResearchEventPayload) => void;
}): Promise<MemoryUse[]> {
  const { run, runtime, emit } = options;
  if (!run.options.memory || !runtime.memories || runtime.memories.length === 0) {
    if (run.options.memory && run.options.followUpOf !== undefined) {
      emit({
        type: 'warning',
        code: 'memory_not_found',
        message: `No memory of run "${run.options.followUpOf}" to follow up.`,
      });
    }
    return [];
  }
  const warn = (code: string, message: string) => emit({ type: 'warning', code, message });
  let embedder: Embedder | undefined;
  try {
    embedder = memoryEmbedder(run, runtime);
  } catch (error) {
    warn(
      'memory_embedding_failed',
      `Past runs were matched by their words only: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return recallMemories({
    run,
    memories: runtime.memories,
    followUpOf: run.options.followUpOf,
    embedder,
    now: new Date(),
    signal: runtime.signal,
    warn,
  });
}
