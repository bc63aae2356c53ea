import type { MemoryUse, ResearchEventPayload } from '../contract/index.js';
import { createEmbedder, type Embedder } from '../llm/index.js';
import { offerRememberedSources } from './memory/read-candidates.js';
import { recallMemories } from './memory/recall.js';
import type { RunRecords } from './run-records.js';
import type { ResearchRuntime } from './types.js';

/** The embedder that matches past runs' questions: the runtime's, else `--embed-model`'s, else none. */
function memoryEmbedder(run: RunRecords, runtime: ResearchRuntime): Embedder | undefined {
  if (runtime.embedder) return runtime.embedder;
  const { embedModel, embedBaseURL } = run.options;
  if (!embedModel) return undefined;
  return createEmbedder(embedModel, {
    ...(runtime.env ? { env: runtime.env } : {}),
    ...(embedBaseURL ? { baseURL: embedBaseURL } : {}),
    ...(runtime.fetch ? { fetch: runtime.fetch } : {}),
  });
}

/**
 * Gives the run what earlier runs found, before it plans: chooses the similar runs (and the one it
 * follows up) among `runtime.memories`, records their findings within the question's time window
 * as prior knowledge, offers their sources as read candidates, and emits one `memory` event naming
 * the runs used. Nothing when memory is off or the caller gave none; an embedding model that cannot
 * be set up or fails leaves the words alone to match, with a warning.
 */
export async function attachMemory(options: {
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
  const uses = await recallMemories({
    run,
    memories: runtime.memories,
    ...(run.options.followUpOf !== undefined ? { followUpOf: run.options.followUpOf } : {}),
    ...(embedder ? { embedder } : {}),
    now: new Date(),
    ...(runtime.signal ? { signal: runtime.signal } : {}),
    warn,
  });
  if (uses.length === 0) return [];
  offerRememberedSources(run);
  emit({ type: 'memory', runs: uses });
  return uses;
}
